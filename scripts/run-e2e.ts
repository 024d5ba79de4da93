// Runs the browser tests when Chromium is here; says clearly when it is not. In CI a missing
// Chromium is a failure, never a silent skip.
import { spawnSync } from 'node:child_process';
import { findChromium } from './browser.ts';

if (!findChromium()) {
  const message = 'Chromium not found (install Debian\'s chromium or set CHROME_PATH)';
  if (process.env.CI === 'true') {
    console.error(`FAIL: ${message}; browser tests are required in CI.`);
    process.exit(1);
  }
  console.log(`SKIPPED the browser tests: ${message}.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
