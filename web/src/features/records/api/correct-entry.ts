import type { Seccion } from '../../../../../contracts/records.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { recordKeys } from './keys.ts';

/** Replaces an entry's fields (PUT /api/pacientes/{id}/{sección}/{id_entrada}). */
export const correctEntry = (id_paciente: number, section: Seccion, id: number, body: Record<string, unknown>) =>
  api<Record<string, unknown>>('PUT', `/pacientes/${id_paciente}/${section}/${id}`, { body });

export const useCorrectEntry = (id_paciente: number, section: Seccion) =>
  useInvalidatingMutation(recordKeys.record(id_paciente), ({ id, body }: { id: number; body: Record<string, unknown> }) =>
    correctEntry(id_paciente, section, id, body),
  );
