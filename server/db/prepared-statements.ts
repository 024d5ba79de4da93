import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The hot queries' SQL (db/compiled-once.ts), kept prepared by PostgreSQL on each connection
 * (decision 0114). A query sent without a name is parsed and planned again on every run; on two
 * cores shared with the database that was a third of an availability read. By SQL text, so a
 * name always stands for the same text: the driver refuses a name reused for another one.
 */
const names = new Map<string, string>();

/**
 * Bounds the statements each connection keeps: compiledOnce already bounds the shapes of one
 * query (64), and the app has a few dozen hot queries; past this, queries run unnamed as before.
 */
const MAX_PREPARED = 512;

/** Asks that this SQL be kept prepared on PostgreSQL connections (SQLite caches every statement). */
export function keepPrepared(sql: string): void {
  if (names.has(sql) || names.size >= MAX_PREPARED) return;
  names.set(sql, `galeno_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`);
}

/**
 * PostgreSQL answers `0A000 cached plan must not change result type` when a prepared query's
 * columns change under it (a migration run by a newer instance beside this one). Such SQL is no
 * longer prepared here, and the query is run once more without a name.
 */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

/** Sends the kept SQL by name on every client the pool opens; every other query as it came. */
export function namePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    const named = async (text: string, values: unknown[], name: string) => {
      try {
        return await query({ name, text, values });
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        names.delete(text);
        // Inside a transaction the error has aborted it, and this run fails as any statement of
        // an aborted transaction does: the transaction's caller sees an error, as for any other.
        return query(text, values);
      }
    };
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
      return name ? named(text as string, values as unknown[], name) : query(...args);
    };
  });
}
