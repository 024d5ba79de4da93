import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DoctorCita } from '../../../../../contracts/appointments.ts';
import { api } from '../../../lib/api.ts';

export const getDoctors = () => api<DoctorCita[]>('GET', '/citas/doctores');

/** The doctors a patient can book with; specialty names come in the current language. */
export const doctorsQuery = (language: string) =>
  queryOptions({ queryKey: ['citas', 'doctores', language], queryFn: getDoctors });

export function useDoctors() {
  const { i18n } = useTranslation();
  return useQuery(doctorsQuery(i18n.language));
}
