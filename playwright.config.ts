import { createHash } from 'node:crypto';
import { defineConfig, type PlaywrightTestProject } from '@playwright/test';
import { CHROMIUM_ARGS, findJourneyBrowser } from './scripts/browser.ts';
import { E2E_WORKERS, e2ePort, shardIndex } from './scripts/e2e-ports.ts';
import { clinicClockEnvironment } from './e2e/support/clock.ts';

// A port range derived from the checkout's path, so several checkouts can run their browser tests
// at once.
const basePort = Number(
  process.env.E2E_PORT ?? 4000 + (createHash('sha1').update(process.cwd()).digest().readUInt16BE(0) % 1000) * 4,
);
// The browser journeys run on SQLite in `npm test` (time budget); E2E_DATABASES=sqlite,postgres runs
// them on both (the API suites always run on both).
const databases = (process.env.E2E_DATABASES ?? 'sqlite').split(',');
// `npm test` runs the journeys in shards side by side (scripts/run-e2e.ts --shard=i/n sets E2E_SHARD):
// each shard has servers, a results folder and a report of its own.
const shard = shardIndex();
const port = (database: number, slot: string | number = 0) => e2ePort(basePort, database, slot, shard, databases.length);
const suffix = process.env.E2E_SHARD ? `-shard-${shard + 1}` : '';
// One clinic clock for the run (e2e/support/clock.ts): set here in the runner, so its workers,
// their servers and their browsers read the same time.
const clinicClock = clinicClockEnvironment();
Object.assign(process.env, clinicClock);

// Each worker has a server and a database of its own (scripts/e2e-ports.ts): journeys never see
// each other's data, whichever worker runs them. This file is loaded again in every worker, where
// TEST_PARALLEL_INDEX picks that worker's server, so `testInfo.project.use.baseURL` is its own.
const projects: PlaywrightTestProject[] = databases.map((db, index) => ({
  name: db,
  use: { baseURL: `http://127.0.0.1:${port(index, process.env.TEST_PARALLEL_INDEX)}` },
}));

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it on start, and test-results/ also holds the unit results.
  outputDir: `test-results/browser${suffix}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: `test-results/e2e${suffix}.json` }]],
  use: {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // As a user who asked for less motion: the app then opens dialogs and menus at once (theme.ts),
    // and no step waits for a transition to end.
    reducedMotion: 'reduce',
    // Recording a trace (its screencast above all) took a third of the suite's time on two cores,
    // for traces thrown away when a journey passes. CI retries a failure once, recording it; to
    // record a journey here, add `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findJourneyBrowser(), args: CHROMIUM_ARGS },
  },
  projects,
  webServer: databases.flatMap((db, index) =>
    Array.from({ length: E2E_WORKERS }, (_, slot) => {
      const serverPort = port(index, slot);
      return {
        command: `node scripts/e2e-server.ts ${db}`,
        url: `http://127.0.0.1:${serverPort}/api/health`,
        env: { PORT: String(serverPort), ...clinicClock },
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
      };
    }),
  ),
});
