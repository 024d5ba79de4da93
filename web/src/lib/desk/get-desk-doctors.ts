import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DoctorRecepcion } from '../../../../contracts/desk-booking.ts';
import { api } from '../api.ts';

export const getDeskDoctors = () => api<DoctorRecepcion[]>('GET', '/recepcion/doctores');

/** Every doctor the desk may book with; their specialties make the specialty choice. */
export const deskDoctorsQuery = (language: string) =>
  queryOptions({ queryKey: ['recepcion', 'doctores', language], queryFn: getDeskDoctors, staleTime: 5 * 60_000 });

export function useDeskDoctors() {
  const { i18n } = useTranslation();
  return useQuery(deskDoctorsQuery(i18n.language));
}
