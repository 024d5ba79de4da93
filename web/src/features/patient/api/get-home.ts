import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InicioPaciente } from '../../../../../contracts/home.ts';
import { api } from '../../../lib/api.ts';

export const getPatientHome = () => api<InicioPaciente>('GET', '/paciente/inicio');

/**
 * The patient's day on /panel-paciente. Under ['citas'] so that booking or cancelling anywhere
 * (which invalidates ['citas']) refreshes it too.
 */
export const patientHomeQuery = (language: string) =>
  queryOptions({ queryKey: ['citas', 'inicio', language], queryFn: getPatientHome });

export const usePatientHome = (language: string) => useQuery(patientHomeQuery(language));
