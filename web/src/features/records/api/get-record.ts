import { useQuery } from '@tanstack/react-query';
import type { Historia } from '../../../../../contracts/records.ts';
import { api } from '../../../lib/api.ts';
import { recordKeys } from './keys.ts';

/** A treated patient's record (GET /api/pacientes/{id}/historia). */
export const getRecord = (id_paciente: number) => api<Historia>('GET', `/pacientes/${id_paciente}/historia`);

export function useRecord(id_paciente: number) {
  return useQuery({ queryKey: recordKeys.record(id_paciente), queryFn: () => getRecord(id_paciente) });
}
