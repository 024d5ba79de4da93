import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MiCita, PeriodoCitas } from '../../../../../contracts/appointments.ts';
import { apiPage } from '../../../lib/api.ts';

export type Periodo = PeriodoCitas;
export const PAGE_SIZE = 10;

export const getMyAppointments = (periodo: Periodo, pagina: number) =>
  apiPage<MiCita>('/citas/mias', { query: { periodo, pagina, por_pagina: PAGE_SIZE } });

/** A page of the patient's upcoming, past, or cancelled and rejected appointments (specialty names in the current language). */
export function useMyAppointments(periodo: Periodo, pagina: number, language: string) {
  return useQuery({
    queryKey: ['citas', 'mias', periodo, pagina, language],
    queryFn: () => getMyAppointments(periodo, pagina),
    placeholderData: keepPreviousData,
  });
}
