export interface PeriodicWorker {
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
}

interface PeriodicOptions {
  /** Seconds between rounds; 0 or less starts nothing. */
  seconds: number;
  /** Also runs once this many milliseconds after the start, not only after the first period. */
  firstAfterMs?: number;
  /** A failed round is reported here; the next round runs as usual. */
  onError: (error: unknown) => void;
}

/**
 * Runs `round` every `seconds` until stop(). Rounds never overlap: a tick that finds one still
 * running is skipped. The timers are unref'd, so they never keep the process alive on their own.
 */
export function startPeriodicWorker(
  round: () => Promise<unknown>,
  { seconds, firstAfterMs, onError }: PeriodicOptions,
): PeriodicWorker {
  if (seconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = round()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const first = firstAfterMs === undefined ? undefined : setTimeout(tick, firstAfterMs);
  first?.unref();
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
