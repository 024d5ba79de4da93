import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Especialidad } from '../../../../../contracts/doctors.ts';
import { api } from '../../../lib/api.ts';

export const fetchSpecialties = () => api<Especialidad[]>('GET', '/especialidades');

/** The specialty catalogue, named in the current language. */
export function useSpecialties() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['especialidades', i18n.language], queryFn: fetchSpecialties, staleTime: Infinity });
}
