import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SolicitudBandeja } from '../../../../contracts/agenda.ts';
import { apiPage } from '../api.ts';

export const PENDING_REQUESTS_PAGE_SIZE = 5;

/** A page of the doctor's pending requests still to come, any day, oldest request first; the total is how many there are. */
export const getPendingRequests = (query: { pagina?: number; por_pagina: number }) =>
  apiPage<SolicitudBandeja>('/agenda/solicitudes', { query });

/**
 * Under the agenda's ['agenda'] key tree, so every answer, block or opening in the agenda refreshes
 * the inbox and the count along with the rest.
 */
export const pendingRequestsQuery = (pagina: number) =>
  queryOptions({
    queryKey: ['agenda', 'inbox', 'page', pagina],
    queryFn: () => getPendingRequests({ pagina, por_pagina: PENDING_REQUESTS_PAGE_SIZE }),
  });

/** A page of the agenda's inbox; the last page stays on screen while the next one loads. */
export const usePendingRequests = (pagina: number) => useQuery({ ...pendingRequestsQuery(pagina), placeholderData: keepPreviousData });

export const PENDING_REQUESTS_COUNT_KEY = ['agenda', 'inbox', 'count'] as const;

/** How many pending requests still to come the doctor has (the inbox's total, read from a one-row page). */
export const getPendingRequestCount = async () => (await getPendingRequests({ por_pagina: 1 })).total;

/**
 * The doctor's count of pending requests, for the header's menu; checked again every minute so new
 * requests show up without a reload.
 */
export function usePendingRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: PENDING_REQUESTS_COUNT_KEY,
    queryFn: getPendingRequestCount,
    enabled,
    staleTime: 30_000,
    refetchInterval: enabled ? 60_000 : false,
  });
}
