import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './node-sqlite.ts';
import { WalSync } from './wal-sync.ts';

/** A real SQLite file in WAL mode, and a sync that really syncs but waits until the test lets it go. */
function setUp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-wal-'));
  const file = path.join(dir, 'db.sqlite');
  const database = openSqlite(file);
  database.exec('create table t (a integer primary key, b text)');
  const gates: (() => void)[] = [];
  const wal = new WalSync(file, async (handle: FileHandle) => {
    await new Promise<void>((resolve) => gates.push(resolve));
    await handle.datasync();
  });
  const write = () => {
    database.prepare('insert into t (b) values (?)').run('x');
    wal.noteWrite();
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  cleanups.push(async () => {
    for (const open of gates) open();
    await wal.close();
    database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { wal, write, release };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('group commit of the SQLite WAL', () => {
  it('answers writes made together with one sync', async () => {
    const { wal, write, release } = setUp();
    write();
    write();
    write();
    const waiting = [wal.durable(), wal.durable(), wal.durable()];
    expect(await settledYet(Promise.all(waiting))).toBe(false);
    await release();
    await Promise.all(waiting);
    expect(wal.syncs).toBe(1);
    expect(wal.pending).toBe(false);
  });

  it('does not count a sync that started before a write as covering it', async () => {
    const { wal, write, release } = setUp();
    write();
    const first = wal.durable();
    write();
    const second = wal.durable();
    await release();
    await first;
    // The first sync may have started before the second write reached the WAL: another one runs.
    expect(await settledYet(second)).toBe(false);
    await release();
    await second;
    expect(wal.syncs).toBe(2);
  });

  it('resolves at once when nothing was written since the last sync', async () => {
    const { wal, write, release } = setUp();
    write();
    const first = wal.durable();
    await release();
    await first;
    expect(wal.pending).toBe(false);
    expect(await settledYet(wal.durable())).toBe(true);
    expect(wal.syncs).toBe(1);
  });
});
