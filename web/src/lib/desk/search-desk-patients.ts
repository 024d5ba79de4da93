import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PacienteRecepcion } from '../../../../contracts/desk-patients.ts';
import { apiPage } from '../api.ts';

export const DESK_SEARCH_PAGE_SIZE = 20;

export const searchDeskPatients = (buscar: string, pagina: number, por_pagina: number, signal?: AbortSignal) =>
  apiPage<PacienteRecepcion>('/recepcion/pacientes', { query: { buscar, pagina, por_pagina }, signal });

/**
 * The patients matching what the desk typed (nothing is asked until there is something to find):
 * the desk's patient screen pages through them; a dialog or a picker shows a first, shorter page.
 */
export function useDeskPatientSearch(buscar: string, pagina = 1, por_pagina = DESK_SEARCH_PAGE_SIZE) {
  return useQuery({
    queryKey: ['recepcion-pacientes', buscar, pagina, por_pagina],
    queryFn: ({ signal }) => searchDeskPatients(buscar, pagina, por_pagina, signal),
    enabled: buscar.length > 0,
    placeholderData: keepPreviousData,
  });
}
