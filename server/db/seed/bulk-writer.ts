import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';

/** Fast multi-row inserts for large generated data sets, on either database. */
export interface BulkWriter {
  insert(table: string, columns: readonly string[], rows: readonly unknown[][]): Promise<void>;
  /** Sequences follow the explicit ids the generator wrote (PostgreSQL identity columns). */
  syncSequences(tables: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export function sqliteBulkWriter(file: string): BulkWriter {
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: false, timeout: 10_000 });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA cache_size = -262144'); // 256 MiB: index pages of millions of slots stay in memory
  // The limit is the whole process's: the server's 8 MiB (openSqlite) would shrink the cache above.
  database.exec('PRAGMA soft_heap_limit = 0');
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns.join(',')})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = database.prepare(`insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
        statements.set(key, statement);
      }
      database.exec('begin');
      try {
        for (const row of rows) statement.run(...(row as (string | number | null)[]));
        database.exec('commit');
      } catch (error) {
        database.exec('rollback');
        throw error;
      }
    },
    async syncSequences() {
      // SQLite's autoincrement follows explicit ids by itself.
    },
    async close() {
      database.exec('PRAGMA optimize');
      database.close();
    },
  };
}

export function postgresBulkWriter(connectionString: string): BulkWriter {
  const pool = new pg.Pool({ connectionString, max: 1 });
  return {
    async insert(table, columns, rows) {
      // PostgreSQL takes at most 65535 parameters per statement.
      const perStatement = Math.floor(60_000 / columns.length);
      for (let start = 0; start < rows.length; start += perStatement) {
        const chunk = rows.slice(start, start + perStatement);
        const values: unknown[] = [];
        const tuples = chunk.map((row) => {
          const placeholders = row.map((value) => {
            values.push(value);
            return `$${values.length}`;
          });
          return `(${placeholders.join(', ')})`;
        });
        await pool.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, values);
      }
    },
    async syncSequences(tables) {
      for (const [table, column] of Object.entries(tables)) {
        await pool.query(
          `select setval(pg_get_serial_sequence('${table}', '${column}'), coalesce((select max(${column}) from ${table}), 0) + 1, false)`,
        );
      }
      // VACUUM too, as autovacuum would soon after: it sets the visibility map, without which every
      // count(*) reads the table instead of an index.
      await pool.query('vacuum analyze');
    },
    async close() {
      await pool.end();
    },
  };
}
