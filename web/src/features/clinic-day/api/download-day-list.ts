import { downloadFromApi } from '../../../lib/download.ts';

/** One doctor's day list as a PDF, downloaded with the session's token. */
export const downloadDayList = (id_doctor: number, fecha: string) =>
  downloadFromApi(`/recepcion/hoy/${id_doctor}/pdf`, { query: { fecha }, fallbackName: `lista-${fecha}.pdf` });
