import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

/** Pages of the database file SQLite keeps in memory (its default is 2 MB). */
const SQLITE_CACHE_KIB = 8 * 1024;
const SQLITE_SOFT_HEAP_LIMIT = 16 * 1024 * 1024;

/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite is close enough that a
 * thin wrapper suffices, and it keeps Galeno free of native addons.
 */
export function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  database.exec('PRAGMA journal_mode = WAL');
  // Commits do not wait for the disk: whoever acknowledges a write first awaits a WalSync
  // (dialects/wal-sync.ts), which syncs the WAL for every commit made so far (group commit).
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA foreign_keys = ON');
  // An 8 MiB page cache: with SQLite's default of 2 MB, searches for different names at 100,000
  // patients kept evicting each other's index pages and read them again from the operating system
  // (patient search 455-565 against 880 req/s; same peak memory). SQLite frees cached pages once
  // its whole heap passes 16 MiB (never refusing memory: a soft limit).
  database.exec(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
  database.exec(`PRAGMA soft_heap_limit = ${SQLITE_SOFT_HEAP_LIMIT}`);
  return database;
}

type Parameter = null | number | bigint | string | Uint8Array;

/** How many prepared statements to keep: the app runs a few hundred distinct queries. */
const STATEMENT_CACHE_SIZE = 500;

/** A statement that may write: anything but a plain select (a `with … select` counts, harmlessly). */
const mayWrite = (sql: string) => !/^\s*select\b/i.test(sql);

interface CachedStatement {
  statement: StatementSync;
  /** The names of the columns it returns; empty for a statement that returns no rows. */
  columns: string[];
  writes: boolean;
}

/**
 * Reads a statement's rows as arrays from now on; `rowObject` makes each an object. node:sqlite's
 * own row objects have no prototype and slow (dictionary) properties: copying 50 of them with a
 * spread took 120 µs and serialising them twice as long as plain objects. Objects built property
 * by property in column order share one fast shape, and building them costs what node:sqlite's
 * objects cost.
 */
export function columnsAsArrays(statement: StatementSync): string[] {
  const columns = statement.columns().map((column) => column.name);
  if (columns.length > 0) statement.setReturnArrays(true);
  return columns;
}

export function rowObject(columns: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index += 1) row[columns[index] as string] = values[index];
  return row;
}

const rowObjects = (columns: readonly string[], rows: unknown[]) => rows.map((values) => rowObject(columns, values as unknown[]));

export function nodeSqliteDialect(database: DatabaseSync, onWrite: () => void = () => {}): SqliteDialect {
  // Kysely asks to prepare every query it runs; compiling the same SQL again costs about as much as
  // a small indexed read, so statements are kept by their text (least recently used goes first).
  const statements = new Map<string, CachedStatement>();
  const prepared = (sql: string): CachedStatement => {
    let cached = statements.get(sql);
    if (cached) statements.delete(sql);
    else {
      const statement = database.prepare(sql);
      cached = { statement, columns: columnsAsArrays(statement), writes: mayWrite(sql) };
    }
    statements.set(sql, cached);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    return cached;
  };
  return new SqliteDialect({
    database: {
      close: () => database.close(),
      prepare(sql: string) {
        const { statement, columns, writes } = prepared(sql);
        return {
          reader: columns.length > 0,
          all: (parameters: ReadonlyArray<unknown>) => {
            const rows = rowObjects(columns, statement.all(...parameters.map(toSqlite)));
            if (writes) onWrite();
            return rows;
          },
          run: (parameters: ReadonlyArray<unknown>) => {
            const result = statement.run(...parameters.map(toSqlite));
            if (writes) onWrite();
            return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
          },
          iterate: function* (parameters: ReadonlyArray<unknown>) {
            for (const values of statement.iterate(...parameters.map(toSqlite))) yield rowObject(columns, values as unknown as unknown[]);
          },
        };
      },
    },
  });
}

function toSqlite(value: unknown): Parameter {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  return JSON.stringify(value);
}
