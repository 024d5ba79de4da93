import { downloadFromApi } from '../../../lib/download.ts';

export type MyDataFormat = 'json' | 'pdf';

const PATHS: Record<MyDataFormat, string> = { json: '/paciente/mis-datos', pdf: '/paciente/mis-datos.pdf' };

/** GET /paciente/mis-datos(.pdf): everything the clinic holds about the patient, saved as a download. */
export const downloadMyData = (format: MyDataFormat) => downloadFromApi(PATHS[format], { fallbackName: `galeno-mis-datos.${format}` });
