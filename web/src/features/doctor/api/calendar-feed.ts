import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EnlaceCalendario } from '../../../../../contracts/calendar-feed.ts';
import { api } from '../../../lib/api.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';

const KEY = ['doctor-calendario'];

/** Whether the doctor has a live calendar subscription address (never the address itself). */
export const calendarFeedQuery = queryOptions({
  queryKey: KEY,
  queryFn: () => api<EnlaceCalendario>('GET', '/doctor/calendario'),
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQuery);
}

/** Makes a new address (the previous one stops working); the answer carries it, once. */
export function useCreateCalendarFeed() {
  return useInvalidatingMutation(KEY, () => api<EnlaceCalendario>('POST', '/doctor/calendario'));
}

export function useRevokeCalendarFeed() {
  return useInvalidatingMutation(KEY, () => api<null>('DELETE', '/doctor/calendario'));
}
