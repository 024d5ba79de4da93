import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { createAttachmentStore } from '../modules/files/storage.ts';
import { backupDataDir } from './backup.ts';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('a fresh data folder is readable by the server account only (issue 12, finding 7)', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-modes-'));
  // A umask that would leave everything world-readable, as on many servers.
  const umask = process.umask(0o022);
  afterAll(() => {
    process.umask(umask);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('creates the folder 0700 and the database, its WAL and SHM, the JWT secret, e-mails and attachments 0600', async () => {
    const dataDir = path.join(parent, 'nuevo', 'data');
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    await sql`select count(*) from usuarios`.execute(database.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, serveWeb: false });
    try {
      await app.ready();
      const sent = await app.mailer.send({ to: 'ana@example.com', subject: 'Prueba', text: 'Hola' });
      const store = createAttachmentStore(config.attachmentsDir);
      const ruta = await store.save(7, Buffer.from('%PDF-1.4 prueba'), '.pdf');

      expect(mode(dataDir)).toBe(0o700);
      for (const name of ['galeno.sqlite', 'galeno.sqlite-wal', 'galeno.sqlite-shm', 'jwt-secret']) {
        expect(mode(path.join(dataDir, name)), name).toBe(0o600);
      }
      expect(mode(path.join(dataDir, 'outbox'))).toBe(0o700);
      expect(sent.file && mode(sent.file)).toBe(0o600);
      expect(mode(config.attachmentsDir)).toBe(0o700);
      expect(mode(path.join(config.attachmentsDir, '7'))).toBe(0o700);
      expect(mode(path.join(config.attachmentsDir, ruta))).toBe(0o600);

      const backupDir = path.join(parent, 'copias', 'lunes');
      await backupDataDir(dataDir, backupDir, config.attachmentsDir);
      expect(mode(backupDir)).toBe(0o700);
      expect(mode(path.join(backupDir, 'galeno.sqlite'))).toBe(0o600);
      expect(mode(path.join(backupDir, 'manifest.json'))).toBe(0o600);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('takes a database file left world-readable by an older version back to 0600', async () => {
    const dataDir = path.join(parent, 'antiguo');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'galeno.sqlite'), '', { mode: 0o644 });
    const database = openDatabase({ dataDir });
    await migrateToLatest(database);
    await database.close();
    expect(mode(path.join(dataDir, 'galeno.sqlite'))).toBe(0o600);
  });
});
