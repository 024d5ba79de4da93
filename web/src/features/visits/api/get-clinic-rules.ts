import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReglasReserva } from '../../../../../contracts/booking-rules.ts';
import { api } from '../../../lib/api.ts';

/** The clinic's booking rules (public): the notice to cancel or reschedule online. */
export const clinicRulesQuery = queryOptions({
  queryKey: ['clinica', 'reglas'],
  queryFn: () => api<ReglasReserva>('GET', '/clinica/reglas'),
  staleTime: 60_000,
});

export const useClinicRules = () => useQuery(clinicRulesQuery);
