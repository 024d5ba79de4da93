import type { DialectName } from '../db/index.ts';

/**
 * The databases the API suites run on. SQLite always and PostgreSQL when TEST_DATABASE_URL is set,
 * unless TEST_DATABASES names one or both (`sqlite`, `postgres`, `sqlite,postgres`): `npm test` runs
 * the SQLite half and the PostgreSQL half as two vitest processes side by side, and
 * vitest.config.ts then gives the PostgreSQL half only the files that run something on it.
 */
export const DATABASES: DialectName[] = (() => {
  const url = process.env.TEST_DATABASE_URL;
  const named = process.env.TEST_DATABASES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (named) {
    const unknown = named.filter((name) => name !== 'sqlite' && name !== 'postgres');
    if (unknown.length > 0) throw new Error(`TEST_DATABASES names unknown databases: ${unknown.join(', ')}`);
    if (named.includes('postgres') && !url) throw new Error('TEST_DATABASES=postgres needs TEST_DATABASE_URL');
    return named as DialectName[];
  }
  if (!url && process.env.CI === 'true') throw new Error('CI requires TEST_DATABASE_URL (PostgreSQL)');
  return url ? ['sqlite', 'postgres'] : ['sqlite'];
})();

/**
 * TEST_DATABASE_URL when this run includes PostgreSQL, else undefined. Suites that work on
 * PostgreSQL only (several instances, migrating beside other schemas) read it here, so the SQLite
 * half of `npm test` leaves them to the PostgreSQL half.
 */
export function postgresTestUrl(): string | undefined {
  return DATABASES.includes('postgres') ? process.env.TEST_DATABASE_URL : undefined;
}
