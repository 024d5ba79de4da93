import { useQuery } from '@tanstack/react-query';
import type { TipoVisita } from '../../../../contracts/visit-types.ts';
import { api } from '../api.ts';

export const visitTypeKeys = { all: ['tipos-visita'] as const };

/** The clinic's catalogue (administrators also get the inactive types). */
export const getVisitTypes = () => api<TipoVisita[]>('GET', '/tipos-visita');
export const useVisitTypes = () => useQuery({ queryKey: [...visitTypeKeys.all, 'catalogo'], queryFn: getVisitTypes });
