import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './node-sqlite.ts';

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
    // NORMAL: a commit returns without fsync; every answer waits for WalSync instead (decision 0095).
    expect(pragma('synchronous')).toBe(1);
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('busy_timeout')).toBe(5000);
    // SQLite gives cached pages back past 8 MiB, keeping the server's memory under its target (0098).
    expect(pragma('soft_heap_limit')).toBe(8 * 1024 * 1024);
  });
});
