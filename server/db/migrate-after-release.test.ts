import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresSchema } from '../testing/server-process.ts';
import { DATABASES, postgresTestUrl } from '../testing/test-databases.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './index.ts';
import { migrations } from './migrations/index.ts';

/** The migrations of the release clinics run before the one agenda (2026-11-24). */
const RELEASED = ['001-initial-schema', '002-specialties-catalogue', '010-user-search-index', '050-password-resets', '080-patient-search-count', '081-active-account-counts'];

const baseUrl = postgresTestUrl();

describe.each(DATABASES)('a clinic upgrading from the previous release, on %s', (kind) => {
  const handles: DatabaseHandle[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const drop of drops) await drop();
  });

  it('runs the new migrations even when they sort before ones it already ran', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-upgrade-'));
    let handle: DatabaseHandle;
    if (kind === 'postgres') {
      const created = await createPostgresSchema(baseUrl!);
      drops.push(() => created.drop());
      handle = openDatabase({ databaseUrl: baseUrl, dataDir, schema: created.schema });
    } else {
      handle = openDatabase({ dataDir });
    }
    handles.push(handle);
    const released = Object.fromEntries(RELEASED.map((name) => [name, migrations[name]!]));
    expect(await migrateToLatest(handle, released)).toEqual(RELEASED);
    const added = Object.keys(migrations).filter((name) => !RELEASED.includes(name));
    expect(added.length).toBeGreaterThan(0);
    expect((await migrateToLatest(handle)).sort()).toEqual(added.sort());
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});
