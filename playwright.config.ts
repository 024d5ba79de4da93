import { createHash } from 'node:crypto';
import { defineConfig, type PlaywrightTestProject } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.ts';

// A port derived from the checkout's path, so several checkouts can run their browser tests at once.
const basePort = Number(process.env.E2E_PORT ?? 4100 + (createHash('sha1').update(process.cwd()).digest().readUInt16BE(0) % 800) * 2);
// The browser journeys run on SQLite in `npm test` (time budget); E2E_DATABASES=sqlite,postgres runs
// them on both (the API suites always run on both).
const databases = (process.env.E2E_DATABASES ?? 'sqlite').split(',');

const projects: PlaywrightTestProject[] = databases.map((db, index) => ({
  name: db,
  use: { baseURL: `http://127.0.0.1:${basePort + index}` },
}));

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties it on start, and test-results/ also holds the unit results.
  outputDir: 'test-results/browser',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects,
  webServer: databases.map((db, index) => ({
    command: `node scripts/e2e-server.ts ${db}`,
    url: `http://127.0.0.1:${basePort + index}/api/health`,
    env: { PORT: String(basePort + index) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
