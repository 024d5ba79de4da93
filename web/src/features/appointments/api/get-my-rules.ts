import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MisReglas } from '../../../../../contracts/booking-rules.ts';
import { api } from '../../../lib/api.ts';

/** The booking rules as they apply to the patient now (under ['citas'], so a booking refreshes them). */
export const myRulesQuery = queryOptions({ queryKey: ['citas', 'reglas'], queryFn: () => api<MisReglas>('GET', '/citas/reglas') });

export const useMyRules = () => useQuery(myRulesQuery);
