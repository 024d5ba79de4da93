import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

const TEST_FILES = [
  'server/**/*.test.ts',
  'contracts/**/*.test.ts',
  'scripts/**/*.test.ts',
  'web/src/**/*.test.{ts,tsx}',
];

/**
 * TEST_DATABASES=postgres is the PostgreSQL half of `npm test` (server/testing/test-databases.ts):
 * only the files that run something on a database of the run's choosing (they name DATABASES or
 * postgresTestUrl), not the web, contract and unit tests the SQLite half already runs. A
 * database-independent test inside such a file runs in both halves; scripts/test-all.ts counts it once.
 */
function postgresFiles(): string[] {
  const names = /\b(DATABASES|postgresTestUrl)\b/;
  return TEST_FILES.flatMap((pattern) => fs.globSync(pattern, { exclude: (name) => name === 'node_modules' })).filter(
    (file) => names.test(fs.readFileSync(file, 'utf8')),
  );
}

export default defineConfig({
  test: {
    include: process.env.TEST_DATABASES?.trim() === 'postgres' ? postgresFiles() : TEST_FILES,
    pool: 'forks',
    // VITEST_WORKERS: `npm test` runs the two databases' halves side by side, one worker each.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // Each worker runs its files one after another in one process and keeps the modules it has
    // loaded: importing the server again for every file was about 40 % of the suite's time. Which
    // files share a process depends on timing, so no file may lean on another's leftovers: a test
    // that needs a module's first state imports its own copy (vi.resetModules), globals are put
    // back after each test, and `npx vitest run --sequence.shuffle.files` checks the order does not
    // matter.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['server/testing/fail-on-console-error.ts'],
  },
});
