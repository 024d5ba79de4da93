// Where the browser-test servers listen: one per database and per Playwright worker, so every
// worker has a database of its own. playwright.config.ts starts them and gives each worker its
// server as the project's baseURL (what e2e/support/outbox.ts reads to find the server's outbox).

/**
 * How many journeys run at once, each worker against its own server (E2E_WORKERS, default 2: on
 * two cores the journeys wait on the browser and the server most of the time). Change it here,
 * not with --workers, which would run workers without a server of their own.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The port of the server for database number `database` used by worker `slot` (its parallel index). */
export function e2ePort(basePort: number, database: number, slot: string | number = 0): number {
  const index = Number(slot);
  if (!Number.isInteger(index) || index < 0 || index >= E2E_WORKERS) {
    throw new Error(`Browser-test worker ${slot} has no server: set E2E_WORKERS (now ${E2E_WORKERS}) instead of --workers`);
  }
  return basePort + database * E2E_WORKERS + index;
}
