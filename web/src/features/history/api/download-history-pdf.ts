import type { HistorialFilters } from '../../../../../contracts/history.ts';
import { downloadFromApi } from '../../../lib/download.ts';

/** GET /paciente/historial.pdf with the filters on screen, saved as a download. */
export const downloadHistoryPdf = (filters: HistorialFilters) =>
  downloadFromApi('/paciente/historial.pdf', { query: { ...filters }, fallbackName: 'historial.pdf' });
