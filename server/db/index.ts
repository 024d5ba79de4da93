import path from 'node:path';
import { Kysely, Migrator, sql, type LogEvent, type Migration } from 'kysely';
import pg from 'pg';
import { nodeSqliteDialect, openSqlite } from './dialects/node-sqlite.ts';
import { WalSync } from './dialects/wal-sync.ts';
import { CurrentSchemaPostgresDialect } from './dialects/postgres.ts';
import { namePreparedStatements } from './prepared-statements.ts';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files.ts';
import { migrations } from './migrations/index.ts';
import type { DialectName, GalenoMigration, MigrationContext } from './migrations/types.ts';
import type { Database } from './schema/index.ts';

export type { DialectName };

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite file, for backups and integrity checks; undefined on PostgreSQL. */
  sqliteFile: string | undefined;
  /** The PostgreSQL schema in use when one was chosen (tests); undefined otherwise. */
  schema?: string | undefined;
  /** Called after every query with its time (metrics); empty unless something listens. */
  queryListeners: Set<(event: LogEvent) => void>;
  /** The PostgreSQL pool's connections right now; undefined on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * Resolves once every write made so far is on disk. PostgreSQL commits durably; SQLite commits
   * without waiting for the disk and syncs its WAL here, once for all the writes since the last
   * sync (group commit). The app awaits it before every answer.
   */
  durable(): Promise<void>;
  /** SQLite's WAL syncs so far (metrics and tests); undefined on PostgreSQL. */
  walSyncs(): number | undefined;
  /**
   * Brings the query planner's table statistics up to date where they are missing or stale. SQLite
   * keeps none of its own: without them it guesses, and picked an index over every pending notice
   * instead of the notices' primary key. It runs at start, after the migrations and
   * the demo clinic, and every hour; PostgreSQL's autovacuum does the same, so there it does nothing.
   */
  refreshPlannerStatistics(): Promise<void>;
  /** SQLite only: lifts the defensive flag while `edit` writes the schema table (migrations). */
  withWritableSqliteSchema?: (edit: () => Promise<void>) => Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, an embedded SQLite file in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  poolSize?: number;
}

// PostgreSQL returns int8 (count(*), sums) as strings; Galeno's counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const queryListeners = new Set<(event: LogEvent) => void>();
  // Kysely times each query only when it has a logger; with none listening this is a loop over nothing.
  const log = (event: LogEvent) => {
    for (const listener of queryListeners) listener(event);
  };
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    namePreparedStatements(pool);
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }), log });
    return {
      db,
      dialect: 'postgres',
      sqliteFile: undefined,
      schema: options.schema,
      queryListeners,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      durable: () => Promise.resolve(),
      walSyncs: () => undefined,
      refreshPlannerStatistics: () => Promise.resolve(),
      close: () => db.destroy(),
    };
  }
  ensurePrivateDir(options.dataDir);
  const file = path.join(options.dataDir, 'galeno.sqlite');
  ensurePrivateFile(file);
  const database = openSqlite(file);
  const wal = new WalSync(file);
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(database, () => wal.noteWrite()), log });
  // Through Kysely, so it waits for the connection like any query and never runs inside another
  // request's transaction.
  const refreshPlannerStatistics = () => optimizeSqlite(db);
  // Statistics only speed queries up: a failed refresh is tried again the next hour.
  const hourly = setInterval(() => void refreshPlannerStatistics().catch(() => {}), 60 * 60_000).unref();
  return {
    db,
    dialect: 'sqlite',
    sqliteFile: file,
    queryListeners,
    poolStats: () => undefined,
    durable: () => wal.durable(),
    walSyncs: () => wal.syncs,
    refreshPlannerStatistics,
    withWritableSqliteSchema: async (edit) => {
      database.enableDefensive(false);
      try {
        await edit();
      } finally {
        database.enableDefensive(true);
      }
    },
    close: async () => {
      clearInterval(hourly);
      await wal.close();
      await db.destroy();
    },
  };
}

/**
 * SQLite's own upkeep of the planner's statistics (sqlite.org/pragma.html#pragma_optimize): every
 * table (0x10000) whose statistics are missing or whose size changed tenfold since is analysed
 * (0x2) with a bounded sample of each index (0x10), so it takes milliseconds on any clinic and
 * nothing when all is current.
 */
async function optimizeSqlite(db: Kysely<Database>): Promise<void> {
  await sql`PRAGMA optimize = 0x10012`.execute(db);
}

function migratorFor(handle: DatabaseHandle, list: Record<string, GalenoMigration> = migrations): Migrator {
  const context: MigrationContext = {
    db: handle.db,
    dialect: handle.dialect,
    primaryKey:
      handle.dialect === 'postgres'
        ? (column) => column.generatedByDefaultAsIdentity().primaryKey()
        : (column) => column.primaryKey().autoIncrement(),
    ...(handle.withWritableSqliteSchema ? { withWritableSqliteSchema: handle.withWritableSqliteSchema } : {}),
  };
  // On PostgreSQL the dialect's introspector sees only the current schema (dialects/postgres.ts),
  // so the migration tables are found, and created, in that schema only.
  return new Migrator({
    db: handle.db,
    // Numbers are reserved per area (migrations/index.ts), so a migration of a lower number can
    // arrive after higher ones already ran on a database; it then runs once, like any new one.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(list).map(([name, migration]): [string, Migration] => [
            name,
            { up: (db) => migration.up({ ...context, db }) },
          ]),
        ),
    },
  });
}

/** Runs the migrations not yet applied (of `list`, by default all of them). */
export async function migrateToLatest(handle: DatabaseHandle, list: Record<string, GalenoMigration> = migrations): Promise<string[]> {
  const { error, results } = await migratorFor(handle, list).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs the migrations up to and including `name` only (tests of a migration on older data). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  const { error } = await migratorFor(handle).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}

export async function checkDatabase(handle: DatabaseHandle): Promise<void> {
  await sql`select 1`.execute(handle.db);
}
