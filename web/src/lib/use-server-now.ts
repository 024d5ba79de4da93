import { useEffect, useState } from 'react';

/**
 * The server's clock as it ticks on a polled screen: the answer's `ahora` (ISO) plus the time passed
 * here since it arrived (`fetchedAt`, the query's dataUpdatedAt), read again every `everyMs`. Waiting
 * minutes then move between polls, and a desk computer's wrong clock does not change them.
 */
export function useServerNow(ahora: string | undefined, fetchedAt: number, everyMs = 15_000): number {
  const [clientNow, setClientNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setClientNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  if (!ahora || !fetchedAt) return clientNow;
  return Math.max(clientNow, fetchedAt) + (new Date(ahora).getTime() - fetchedAt);
}

/** Whole minutes from an ISO instant to `now` (never negative). */
export const minutesSince = (iso: string, now: number) => Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
