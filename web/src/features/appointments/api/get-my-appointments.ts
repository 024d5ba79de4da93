import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MiCita, PeriodoCitas } from '../../../../../contracts/appointments.ts';
import { apiPage } from '../../../lib/api.ts';

export type Periodo = PeriodoCitas;
export const PAGE_SIZE = 10;
// Not the contract's list: that module brings zod onto the screen's first load.
export const PERIODOS: readonly Periodo[] = ['proximas', 'pasadas', 'canceladas'];

export const getMyAppointments = (periodo: Periodo, pagina: number) =>
  apiPage<MiCita>('/citas/mias', { query: { periodo, pagina, por_pagina: PAGE_SIZE } });

/** A page of the patient's upcoming, past, or cancelled and rejected appointments (specialty names in the current language). */
export const myAppointmentsQuery = (periodo: Periodo, pagina: number, language: string) =>
  queryOptions({ queryKey: ['citas', 'mias', periodo, pagina, language], queryFn: () => getMyAppointments(periodo, pagina) });

export const useMyAppointments = (periodo: Periodo, pagina: number, language: string) =>
  useQuery({ ...myAppointmentsQuery(periodo, pagina, language), placeholderData: keepPreviousData });
