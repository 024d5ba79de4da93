import { downloadFromApi } from '../../../lib/download.ts';

/** The doctor's own day list as a PDF (the desk's printout), downloaded with the session's token. */
export const downloadOwnDayList = (id_doctor: number, fecha: string) =>
  downloadFromApi(`/recepcion/hoy/${id_doctor}/pdf`, { query: { fecha }, fallbackName: `lista-${fecha}.pdf` });
