// `npm test`: everything CI checks, in order, stopping at the first failure.
// Locales, types and lint first (together: they only read), then unit and API tests on SQLite and
// PostgreSQL, then the production build, its size budget and the browser tests against it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

type Step = { name: string; command: string[] };
const checks: Step[] = [
  { name: 'locales', command: ['node', 'scripts/check-locales.ts'] },
  { name: 'typecheck', command: ['npx', 'tsc', '-b'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
];
const steps: Step[] = [
  {
    name: 'unit and API tests',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  },
  { name: 'build', command: ['npm', 'run', '-s', 'build'] },
  // What each issue-15 screen loads before it renders (JS + CSS gzip) stays under its limit; prints a table (scripts/check-bundle.ts).
  { name: 'bundle size', command: ['node', 'scripts/check-bundle.ts'] },
  { name: 'browser tests', command: ['node', 'scripts/run-e2e.ts'] },
];

if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  console.error('FAIL: CI requires TEST_DATABASE_URL: the API suites must also run on PostgreSQL.');
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) console.log('Note: TEST_DATABASE_URL is not set; the API suites run on SQLite only.');

fs.rmSync('test-results/e2e.json', { force: true });
fs.rmSync('test-results/vitest.json', { force: true });
const timings: string[] = [];

// The read-only checks run side by side; each one's output is printed whole when it ends.
function runCaptured(step: Step): Promise<{ step: Step; status: number | null; output: string; seconds: string }> {
  const started = performance.now();
  const [command, ...args] = step.command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ step, status, output, seconds: ((performance.now() - started) / 1000).toFixed(1) }));
  });
}
const checkResults = await Promise.all(checks.map(runCaptured));
for (const { step, status, output, seconds } of checkResults) {
  console.log(`\n=== ${step.name}`);
  process.stdout.write(output);
  timings.push(`${step.name}: ${seconds}s`);
  if (status !== 0) {
    console.error(`\n${step.name} failed after ${seconds}s`);
    process.exitCode = status ?? 1;
  }
}
if (process.exitCode) process.exit(process.exitCode);

for (const step of steps) {
  const started = performance.now();
  console.log(`\n=== ${step.name}`);
  const [command, ...args] = step.command as [string, ...string[]];
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  timings.push(`${step.name}: ${seconds}s`);
  if (result.status !== 0) {
    console.error(`\n${step.name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
}

function countsFrom(file: string, read: (data: never) => { passed: number; failed: number; skipped: number }) {
  try {
    return read(JSON.parse(fs.readFileSync(file, 'utf8')) as never);
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unit = countsFrom('test-results/vitest.json', (d: { numPassedTests: number; numFailedTests: number; numPendingTests: number }) => ({
  passed: d.numPassedTests,
  failed: d.numFailedTests,
  skipped: d.numPendingTests,
}));
const browser = countsFrom('test-results/e2e.json', (d: { stats: { expected: number; unexpected: number; skipped: number; flaky: number } }) => ({
  passed: d.stats.expected + d.stats.flaky,
  failed: d.stats.unexpected,
  skipped: d.stats.skipped,
}));
console.log(`\n${timings.join(' · ')}`);
console.log(`unit/API: ${unit.passed} passed; browser: ${browser.passed} passed`);
console.log(`${unit.passed + browser.passed} passed, ${unit.failed + browser.failed} failed, ${unit.skipped + browser.skipped} skipped`);
