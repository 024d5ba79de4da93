import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PacienteRecepcion } from '../../../../../contracts/desk-patients.ts';
import { apiPage } from '../../../lib/api.ts';

export const DESK_SEARCH_PAGE_SIZE = 20;

export const searchDeskPatients = (buscar: string, pagina: number, signal?: AbortSignal) =>
  apiPage<PacienteRecepcion>('/recepcion/pacientes', { query: { buscar, pagina, por_pagina: DESK_SEARCH_PAGE_SIZE }, signal });

/** The patients matching what the desk typed (nothing is asked until there is something to find). */
export function useDeskPatientSearch(buscar: string, pagina: number) {
  return useQuery({
    queryKey: ['recepcion-pacientes', buscar, pagina],
    queryFn: ({ signal }) => searchDeskPatients(buscar, pagina, signal),
    enabled: buscar.length > 0,
    placeholderData: keepPreviousData,
  });
}
