import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLoader } from '../components/layout/layouts.tsx';
import { queryClient } from '../lib/query-client.ts';

/** Gives a screen the shared query cache; a separate chunk, so pages without API reads skip it. */
export default function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The longest a screen stays hidden waiting for its first reads: a slow answer must not hide it for good. */
const MAX_WAIT_MS = 4000;
const hidden = { position: 'absolute', insetInline: 0, visibility: 'hidden' } as const;

/**
 * For screens whose sections grow as their data arrives (app/screens.ts, `settle`): drawn hidden, behind
 * the page loader, until the reads they start on their first render have answered, then shown at once.
 * Shown as each answer came, the sections below moved down several times while a phone's user was
 * reading them (Lighthouse's layout shift, 0.1-0.37 on those screens). The tree stays the same (no
 * remount) when it is shown.
 */
export function Settled({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    // A parent's effect runs after its children's: the screen's queries have started by now.
    const show = () => setSettled(true);
    // Idle for a moment, not just once: a read that waits for another's answer starts right after it.
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(quiet);
      if (queryClient.isFetching() === 0) quiet = setTimeout(() => queryClient.isFetching() === 0 && show(), 50);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    const timer = setTimeout(show, MAX_WAIT_MS);
    queueMicrotask(check);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(quiet);
    };
  }, []);
  return (
    <>
      {!settled && <PageLoader />}
      <div style={settled ? undefined : hidden}>{children}</div>
    </>
  );
}
