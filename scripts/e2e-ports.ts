// Where the browser-test servers listen: one per database and per Playwright worker, so every
// worker has a database of its own, and per shard, so the shards `npm test` runs side by side
// never share a server. playwright.config.ts starts them and gives each worker its server as the
// project's baseURL (what e2e/support/outbox.ts reads to find the server's outbox).

/**
 * How many journeys run at once in one Playwright run, each worker against its own server
 * (E2E_WORKERS, default 2: on two cores the journeys wait on the browser and the server most of
 * the time). Change it here, not with --workers, which would run workers without a server of their own.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * How many shards `npm test` splits the journeys into (E2E_SHARDS, default 3), each a Playwright
 * run of E2E_WORKERS workers started by scripts/run-e2e.ts with `--shard=i/n`.
 */
export const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS ?? 3));

/** This run's shard, 0-based (E2E_SHARD=i/n, which scripts/run-e2e.ts sets from `--shard`). */
export function shardIndex(shard = process.env.E2E_SHARD): number {
  if (!shard) return 0;
  const [current, total] = shard.split('/').map(Number);
  if (!Number.isInteger(current) || !Number.isInteger(total) || current! < 1 || current! > total!) {
    throw new Error(`E2E_SHARD must read i/n, as --shard does (got ${shard})`);
  }
  return current! - 1;
}

/**
 * The port of the server for database number `database` (of `databases`) used by worker `slot`
 * (its parallel index), in shard `shard` (0-based).
 */
export function e2ePort(
  basePort: number,
  database: number,
  slot: string | number = 0,
  shard = 0,
  databases = 1,
): number {
  const index = Number(slot);
  if (!Number.isInteger(index) || index < 0 || index >= E2E_WORKERS) {
    throw new Error(
      `Browser-test worker ${slot} has no server: set E2E_WORKERS (now ${E2E_WORKERS}) instead of --workers`,
    );
  }
  return basePort + (shard * databases + database) * E2E_WORKERS + index;
}
