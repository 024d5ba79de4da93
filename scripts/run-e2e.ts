// Runs the browser tests when Chromium is here; says clearly when it is not. In CI a missing
// Chromium is a failure, never a silent skip. `--shard=i/n` runs one shard on servers of its own
// (E2E_SHARD tells playwright.config.ts which ports, results folder and report are the shard's).
import { spawnSync } from 'node:child_process';
import { findJourneyBrowser } from './browser.ts';

if (!findJourneyBrowser()) {
  const message = 'Chromium not found (install Debian\'s chromium-headless-shell or chromium, or set CHROME_PATH)';
  if (process.env.CI === 'true') {
    console.error(`FAIL: ${message}; browser tests are required in CI.`);
    process.exit(1);
  }
  console.log(`SKIPPED the browser tests: ${message}.`);
  process.exit(0);
}
const args = process.argv.slice(2);
const shard = args.find((arg) => arg.startsWith('--shard='))?.slice('--shard='.length);
const env = shard ? { ...process.env, E2E_SHARD: shard } : process.env;
const result = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
