import { useQuery } from '@tanstack/react-query';
import type { PacienteOpcion } from '../../../../../contracts/consultations.ts';
import { api } from '../../../lib/api.ts';
import { consultationKeys } from './keys.ts';

/** Active patients by name (GET /api/medico/pacientes), for the patient select. */
export const getPatientOptions = (buscar: string) =>
  api<PacienteOpcion[]>('GET', '/medico/pacientes', { query: { buscar, por_pagina: 30 } });

export function usePatientOptions(buscar: string) {
  return useQuery({ queryKey: consultationKeys.patients(buscar), queryFn: () => getPatientOptions(buscar) });
}
