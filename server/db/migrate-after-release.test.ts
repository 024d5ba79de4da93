import { describe, expect, it } from 'vitest';
import { useEmptyDatabases } from '../testing/empty-database.ts';
import { DATABASES } from '../testing/test-databases.ts';
import { migrateToLatest } from './index.ts';
import { migrations } from './migrations/index.ts';

/** The migrations of the release clinics run before the one agenda (2026-11-24). */
const RELEASED = ['001-initial-schema', '002-specialties-catalogue', '010-user-search-index', '050-password-resets', '080-patient-search-count', '081-active-account-counts'];

describe.each(DATABASES)('a clinic upgrading from the previous release, on %s', (kind) => {
  const emptyDatabase = useEmptyDatabases(kind);

  it('runs the new migrations even when they sort before ones it already ran', async () => {
    const handle = await emptyDatabase();
    const released = Object.fromEntries(RELEASED.map((name) => [name, migrations[name]!]));
    expect(await migrateToLatest(handle, released)).toEqual(RELEASED);
    const added = Object.keys(migrations).filter((name) => !RELEASED.includes(name));
    expect(added.length).toBeGreaterThan(0);
    expect((await migrateToLatest(handle)).sort()).toEqual(added.sort());
    expect(await migrateToLatest(handle)).toEqual([]);
  });
});
