import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CitasPacienteRecepcion } from '../../../../../contracts/desk-booking.ts';
import { api } from '../../../lib/api.ts';

export const getDeskPatientVisits = (id_paciente: number) =>
  api<CitasPacienteRecepcion>('GET', `/recepcion/pacientes/${id_paciente}/citas`);

/** Who is being booked (name and contact) and their visits still to come. */
export const deskPatientVisitsQuery = (id_paciente: number, language: string) =>
  queryOptions({
    queryKey: ['recepcion', 'paciente', id_paciente, 'citas', language],
    queryFn: () => getDeskPatientVisits(id_paciente),
    retry: false,
  });

export function useDeskPatientVisits(id_paciente: number) {
  const { i18n } = useTranslation();
  return useQuery(deskPatientVisitsQuery(id_paciente, i18n.language));
}
