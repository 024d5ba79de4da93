import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { openDatabase, type DatabaseHandle, type DialectName } from '../db/index.ts';
import { createPostgresSchema } from './server-process.ts';
import { postgresTestUrl } from './test-databases.ts';

/**
 * A database with no tables yet, for tests that run the migrations themselves (an upgrade from an
 * earlier release): a new SQLite file, or a new schema on the test PostgreSQL. Closed and dropped
 * after the file's tests.
 */
export function useEmptyDatabases(kind: DialectName): () => Promise<DatabaseHandle> {
  const handles: DatabaseHandle[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const drop of drops) await drop();
  });
  return async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-empty-'));
    let handle: DatabaseHandle;
    if (kind === 'postgres') {
      const baseUrl = postgresTestUrl();
      const created = await createPostgresSchema(baseUrl!);
      drops.push(() => created.drop());
      handle = openDatabase({ databaseUrl: baseUrl, dataDir, schema: created.schema });
    } else {
      handle = openDatabase({ dataDir });
    }
    handles.push(handle);
    return handle;
  };
}
