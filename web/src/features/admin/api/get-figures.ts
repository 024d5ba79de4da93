import { useQuery } from '@tanstack/react-query';
import type { CifrasClinica } from '../../../../../contracts/home.ts';
import { api } from '../../../lib/api.ts';

export const getClinicFigures = () => api<CifrasClinica>('GET', '/admin/cifras');

/** The clinic in figures on /panel-admin (specialty names in the current language). */
export function useClinicFigures(language: string) {
  return useQuery({ queryKey: ['cifras', language], queryFn: getClinicFigures });
}
