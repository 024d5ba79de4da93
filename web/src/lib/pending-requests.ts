import { useQuery } from '@tanstack/react-query';
import { apiPage } from './api.ts';

/**
 * Under the agenda's ['agenda'] key tree, so every answer, block or opening in the agenda refreshes
 * it along with the rest.
 */
export const PENDING_REQUESTS_COUNT_KEY = ['agenda', 'inbox', 'count'] as const;

/** How many pending requests still to come the doctor has (the inbox's X-Total-Count). */
export const getPendingRequestCount = async () => (await apiPage<unknown>('/agenda/solicitudes', { query: { por_pagina: 1 } })).total;

/**
 * The doctor's count of pending requests, shared by the header's menu and the agenda's inbox;
 * checked again every minute so new requests show up without a reload.
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
