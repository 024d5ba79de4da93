import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeSqliteDialect, openSqlite } from './node-sqlite.ts';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
});

describe('openSqlite', () => {
  it('opens a connection on the terms the server relies on: WAL, group-committed syncs, foreign keys, a bounded cache', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-open-')), 'db.sqlite');
    const database = openSqlite(file);
    opened.push(database);
    const pragma = (name: string) => Object.values(database.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    expect(pragma('journal_mode')).toBe('wal');
    // NORMAL: a commit returns without fsync; every answer waits for WalSync instead.
    expect(pragma('synchronous')).toBe(1);
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('busy_timeout')).toBe(5000);
    // A page cache that holds a big clinic's search indexes, and SQLite's heap given back past
    // 16 MiB, keeping the server's memory under its target (0098, 0103).
    expect(pragma('cache_size')).toBe(-8 * 1024);
    expect(pragma('soft_heap_limit')).toBe(16 * 1024 * 1024);
  });
});

interface Tables {
  notas: { id: number; texto: string | null; peso: number };
}

describe('rows read through the node:sqlite dialect', () => {
  const database = new DatabaseSync(':memory:');
  database.exec('create table notas (id integer primary key, texto text, peso real)');
  const db = new Kysely<Tables>({ dialect: nodeSqliteDialect(database) });

  it('are plain objects with each column under its name, in column order, nulls included', async () => {
    await db.insertInto('notas').values([{ id: 1, texto: 'uno', peso: 1.5 }, { id: 2, texto: null, peso: 2 }]).execute();
    const rows = await db.selectFrom('notas').select(['peso', 'id', 'texto']).orderBy('id').execute();
    expect(rows).toEqual([{ peso: 1.5, id: 1, texto: 'uno' }, { peso: 2, id: 2, texto: null }]);
    expect(Object.keys(rows[0]!)).toEqual(['peso', 'id', 'texto']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(JSON.stringify(rows[1])).toBe('{"peso":2,"id":2,"texto":null}');
    // The same statement again (kept prepared) answers the same way.
    expect(await db.selectFrom('notas').select(['peso', 'id', 'texto']).orderBy('id').execute()).toEqual(rows);
  });

  it('come back from a write that returns rows, and one by one when streamed', async () => {
    const inserted = await db.insertInto('notas').values({ id: 3, texto: 'tres', peso: 3 }).returning(['id', 'texto']).execute();
    expect(inserted).toEqual([{ id: 3, texto: 'tres' }]);
    const streamed: unknown[] = [];
    for await (const row of db.selectFrom('notas').select(['id']).orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from notas`.execute(db);
    expect(rows).toEqual([{ n: 3 }]);
  });
});
