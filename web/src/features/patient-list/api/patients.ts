import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PacienteLista } from '../../../../../contracts/users.ts';
import { apiPage } from '../../../lib/api.ts';

export const PATIENTS_PAGE_SIZE = 50;

export const fetchPatients = (buscar: string, pagina: number) =>
  apiPage<PacienteLista>('/pacientes', { query: { buscar, pagina, por_pagina: PATIENTS_PAGE_SIZE } });

/** One page of the clinic's active patients matching a search. */
export function usePatients(buscar: string, pagina: number) {
  return useQuery({
    queryKey: ['pacientes', buscar, pagina],
    queryFn: () => fetchPatients(buscar, pagina),
    placeholderData: keepPreviousData,
  });
}
