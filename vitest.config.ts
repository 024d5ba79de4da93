import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    pool: 'forks',
    maxWorkers: 2,
    // Each worker runs its files one after another in one process and keeps the modules it has
    // loaded: importing the server again for every file was about 40 % of the suite's time. Which
    // files share a process depends on timing, so no file may lean on another's leftovers: a test
    // that needs a module's first state imports its own copy (vi.resetModules), globals are put
    // back after each test, and `npx vitest run --sequence.shuffle.files` checks the order does not
    // matter (decision 0106).
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    setupFiles: ['server/testing/fail-on-console-error.ts'],
  },
});
