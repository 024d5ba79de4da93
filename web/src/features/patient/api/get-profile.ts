import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerfilPaciente } from '../../../../../contracts/patient.ts';
import { api } from '../../../lib/api.ts';

export const profileQueryKey = ['paciente', 'perfil'] as const;

export const getProfile = () => api<PerfilPaciente>('GET', '/paciente/perfil');

export const profileQuery = queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery);
