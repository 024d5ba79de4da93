import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * SQL kept prepared by PostgreSQL on each connection. A query sent without a name is parsed and
 * planned again on every run; on two cores shared with the database that was a third of an
 * availability read, and about 40 % of a patient search's database time. By SQL text, so a name always
 * stands for the same text: the driver refuses a name reused for another one.
 */
const names = new Map<string, string>();

/**
 * Bounds the statements each connection keeps: the app has a few dozen query shapes, each list
 * length of an IN one more; past this, queries run unnamed as before.
 */
const MAX_PREPARED = 512;

/**
 * SQL texts seen once and not yet prepared. Kysely sends every value as a parameter, so a text is a
 * query's shape, not its values: a shape that comes back is one of the app's repeated queries,
 * while migrations and one-off statements are seen once and never named. Bounded like the names.
 */
const seenOnce = new Set<string>();
const MAX_SEEN = 1024;

/** SQL whose prepared plan went stale under a migration: run unnamed for the life of the process. */
const neverPrepared = new Set<string>();

/**
 * Forgets which SQL is kept prepared, as a new process would. The bounds above are per process: a
 * test that counts the statements a connection prepares starts from here, whatever the test
 * files run before it in the same process used up.
 */
export function forgetPreparedStatements(): void {
  names.clear();
  seenOnce.clear();
  neverPrepared.clear();
}

/** A text run a second time is kept prepared from then on. */
function noteRun(sql: string): void {
  if (names.has(sql) || neverPrepared.has(sql)) return;
  if (seenOnce.delete(sql)) return keepPrepared(sql);
  if (seenOnce.size >= MAX_SEEN) seenOnce.clear();
  seenOnce.add(sql);
}

/**
 * Asks that this SQL be kept prepared on PostgreSQL connections from its first run (the queries
 * compiled once; SQLite caches every statement).
 */
export function keepPrepared(sql: string): void {
  if (names.has(sql) || neverPrepared.has(sql) || names.size >= MAX_PREPARED) return;
  names.set(sql, `galeno_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`);
}

/**
 * PostgreSQL answers `0A000 cached plan must not change result type` when a prepared query's
 * columns change under it (a migration run by a newer instance beside this one). Such SQL is no
 * longer prepared here, and the query is run once more without a name.
 */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

const isRead = (text: string) => /^\s*(select|with)\b/i.test(text);

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
        // This connection's driver still holds the name as parsed: named again, the text would fail again.
        neverPrepared.add(text);
        // Inside a transaction the error has aborted it, and this run fails as any statement of
        // an aborted transaction does: the transaction's caller sees an error, as for any other.
        return query(text, values);
      }
    };
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values)) return query(...args);
      // Statements with values, and reads without any (the specialty catalogue): a transaction's
      // begin and commit are sent as they are.
      if (values.length > 0 || isRead(text)) noteRun(text);
      const name = names.get(text);
      return name ? named(text, values, name) : query(text, values);
    };
  });
}
