import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HorarioRespuesta } from '../../../../../contracts/weekly-hours.ts';
import { api } from '../../../lib/api.ts';

/** The logged-in doctor's weekly hours (shown read-only in /ficha-doctor; edited in the agenda). */
export const ownWeeklyHoursQuery = queryOptions({
  queryKey: ['agenda', 'weekly-hours', 'own'],
  queryFn: () => api<HorarioRespuesta>('GET', '/agenda/horario'),
});
export const useOwnWeeklyHours = () => useQuery(ownWeeklyHoursQuery);
