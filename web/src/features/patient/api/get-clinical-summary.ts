import { useQuery } from '@tanstack/react-query';
import type { ResumenClinico } from '../../../../../contracts/patient.ts';
import { api } from '../../../lib/api.ts';

export const getClinicalSummary = () => api<ResumenClinico>('GET', '/paciente/resumen');

export function useClinicalSummary() {
  return useQuery({ queryKey: ['paciente', 'resumen'], queryFn: getClinicalSummary });
}
