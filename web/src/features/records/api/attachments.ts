import type { Archivo } from '../../../../../contracts/files.ts';
import { api } from '../../../lib/api.ts';
import { downloadFromApi } from '../../../lib/download.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { recordKeys } from './keys.ts';

/** Uploads a file to the patient's record (POST /api/archivos?id_paciente=), with the patient's own quotas and checks. */
export function uploadRecordAttachment(id_paciente: number, file: File) {
  const form = new FormData();
  form.append('archivo', file, file.name);
  return api<Archivo>('POST', '/archivos', { body: form, query: { id_paciente: String(id_paciente) } });
}

export const useUploadRecordAttachment = (id_paciente: number) =>
  useInvalidatingMutation(recordKeys.record(id_paciente), (file: File) => uploadRecordAttachment(id_paciente, file));

/** Downloads an attachment of the record (GET /api/archivos/{id}) with the session's token. */
export const downloadRecordAttachment = (id_archivo: number, nombre: string) => downloadFromApi(`/archivos/${id_archivo}`, { fallbackName: nombre });
