import type { Seccion } from '../../../../../contracts/records.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { recordKeys } from './keys.ts';

/** Adds an entry to a section of the patient's file (POST /api/pacientes/{id}/{sección}). */
export const addEntry = (id_paciente: number, section: Seccion, body: Record<string, unknown>) =>
  api<Record<string, unknown>>('POST', `/pacientes/${id_paciente}/${section}`, { body });

export const useAddEntry = (id_paciente: number, section: Seccion) =>
  useInvalidatingMutation(recordKeys.record(id_paciente), (body: Record<string, unknown>) => addEntry(id_paciente, section, body));
