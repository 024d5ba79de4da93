import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PacienteOpcion } from '../../../../../contracts/consultations.ts';
import { apiPage } from '../../../lib/api.ts';
import { recordKeys } from './keys.ts';

export const MY_PATIENTS_PAGE = 20;

/** The patients the doctor treats, by name (GET /api/medico/pacientes?mis_pacientes=true). */
export const getMyPatients = (buscar: string, pagina: number, mine = true) =>
  apiPage<PacienteOpcion>('/medico/pacientes', { query: { buscar, pagina, por_pagina: MY_PATIENTS_PAGE, mis_pacientes: mine } });

/** The doctor's patients, or (`mine` false) every patient of the clinic. */
export function useMyPatients(buscar: string, pagina: number, mine = true) {
  return useQuery({
    queryKey: recordKeys.myPatients(buscar, pagina, mine),
    queryFn: () => getMyPatients(buscar, pagina, mine),
    placeholderData: keepPreviousData,
  });
}
