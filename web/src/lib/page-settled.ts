import { useSyncExternalStore } from 'react';

/**
 * "The screen has its data": at least one API call has answered and none has been in flight for
 * QUIET_MS, or MAX_WAIT_MS have passed since the page opened (a screen without data, a server that
 * does not answer). Code the first render does not need (the user menu, a dialog not yet opened)
 * downloads after this, so on a phone it does not compete with the screen's own requests.
 * Once settled, the page stays settled: later screens load such code at once.
 */
const QUIET_MS = 300;
const MAX_WAIT_MS = 5000;

let inFlight = 0;
let settled = false;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function settle() {
  if (settled) return;
  settled = true;
  clearTimeout(quietTimer);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') setTimeout(settle, MAX_WAIT_MS);

/** api.ts reports each call's start and end. */
export function apiCallStarted() {
  inFlight += 1;
  clearTimeout(quietTimer);
}

export function apiCallEnded() {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight === 0 && !settled) quietTimer = setTimeout(settle, QUIET_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True once the page has settled (see above). */
export function usePageSettled(): boolean {
  return useSyncExternalStore(subscribe, () => settled);
}
