import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DoctorPerfil } from '../../../../../contracts/doctors.ts';
import { api } from '../../../lib/api.ts';

export const fetchDoctorProfile = () => api<DoctorPerfil>('GET', '/doctor/perfil');

export const doctorProfileQuery = (language: string) =>
  queryOptions({ queryKey: ['doctor-perfil', language], queryFn: fetchDoctorProfile });

/** The logged-in doctor's profile (the specialty is named in the current language). */
export function useDoctorProfile() {
  const { i18n } = useTranslation();
  return useQuery(doctorProfileQuery(i18n.language));
}
