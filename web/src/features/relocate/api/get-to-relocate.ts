import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CitaPorReubicar } from '../../../../../contracts/relocate.ts';
import { api } from '../../../lib/api.ts';
import { relocateKeys } from './keys.ts';

export const getToRelocate = () => api<CitaPorReubicar[]>('GET', '/recepcion/por-reubicar');
export const toRelocateQuery = queryOptions({ queryKey: [...relocateKeys.all, 'lista'], queryFn: getToRelocate });
export const useToRelocate = () => useQuery(toRelocateQuery);
