import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PacienteOpcion } from '../../../../../contracts/consultations.ts';
import { apiPage } from '../../../lib/api.ts';
import { recordKeys } from './keys.ts';

export const MY_PATIENTS_PAGE = 20;

/** The patients the doctor treats, by name (GET /api/medico/pacientes?mis_pacientes=true). */
export const getMyPatients = (buscar: string, pagina: number) =>
  apiPage<PacienteOpcion>('/medico/pacientes', { query: { buscar, pagina, por_pagina: MY_PATIENTS_PAGE, mis_pacientes: true } });

export function useMyPatients(buscar: string, pagina: number) {
  return useQuery({
    queryKey: recordKeys.myPatients(buscar, pagina),
    queryFn: () => getMyPatients(buscar, pagina),
    placeholderData: keepPreviousData,
  });
}
