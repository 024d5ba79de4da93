// `npm test`: everything CI checks, as jobs that run side by side where the cores allow.
// The read-only checks (locales, types, lint with the import boundaries); the unit and API tests as two vitest
// processes, one per database; the production build, then its size budget and the browser journeys
// in shards, each shard with servers of its own. Each job's output is printed whole when it ends;
// the end prints every job's time and one 'N passed, N failed, N skipped' line. Fails if any job fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { E2E_SHARDS } from './e2e-ports.ts';
import { browserCounts, summedCounts, vitestCounts } from './test-counts.ts';

interface Job {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Jobs that must pass before this one starts. */
  after?: string[];
  /**
   * How much of a core the job keeps busy over its run, roughly. Jobs start, in the order listed,
   * while the total stays within the pipeline's slots (below); a job that only waits now and then
   * (a browser shard, a vitest worker) can share a core with another.
   */
  load: number;
}

const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  console.error('FAIL: CI requires TEST_DATABASE_URL: the API suites must also run on PostgreSQL.');
  process.exit(1);
}
if (!postgresUrl) console.log('Note: TEST_DATABASE_URL is not set; the API suites run on SQLite only.');

const vitest = (database: string): Job => ({
  name: `vitest ${database}`,
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=test-results/vitest-${database}.json`,
  ],
  // One worker per half: the two halves run side by side, as the two workers of one run did.
  env: { TEST_DATABASES: database, VITEST_WORKERS: '1' },
  load: 1,
});
const shards = Array.from({ length: E2E_SHARDS }, (_, index) => `${index + 1}/${E2E_SHARDS}`);

// In order of start: the build first (the browser shards, the longest jobs, wait for it), the
// checks while it runs, then every browser shard as soon as a slot frees up, then the vitest
// halves, which are shorter and fill the slot the checks leave.
const jobs: Job[] = [
  { name: 'build', command: ['npm', 'run', '-s', 'build'], load: 1 },
  { name: 'typecheck', command: ['npx', 'tsc', '-b'], load: 1 },
  { name: 'lint', command: ['npx', 'eslint', '.'], load: 1 },
  { name: 'locales', command: ['node', 'scripts/check-locales.ts'], load: 0 },
  // What each budgeted screen loads before it renders stays under its limit; prints a table.
  { name: 'bundle size', command: ['node', 'scripts/check-bundle.ts'], after: ['build'], load: 0 },
  ...shards.map((shard) => ({
    name: `browser ${shard}`,
    command: ['node', 'scripts/run-e2e.ts', `--shard=${shard}`],
    // One worker per shard: the shards run side by side, as the two workers of one run did.
    env: { E2E_WORKERS: process.env.E2E_WORKERS ?? '1' },
    after: ['build'],
    load: 1,
  })),
  vitest('sqlite'),
  ...(postgresUrl ? [vitest('postgres')] : []),
];

/** The pipeline's slots: the cores plus one, since no job keeps its core busy all the time. */
const SLOTS = Number(process.env.TEST_SLOTS ?? os.availableParallelism() + 1);

for (const file of fs.globSync('test-results/{vitest,e2e}*.json')) fs.rmSync(file, { force: true });

interface Outcome {
  job: Job;
  status: number;
  seconds: number;
}

function run(job: Job): Promise<Outcome> {
  const started = performance.now();
  const [command, ...args] = job.command as [string, ...string[]];
  console.log(`… ${job.name} started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...job.env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (status: number) => {
      if (finished) return;
      finished = true;
      const seconds = (performance.now() - started) / 1000;
      console.log(`\n=== ${job.name} (${seconds.toFixed(1)}s)`);
      process.stdout.write(Buffer.concat(output));
      console.log(status === 0 ? `=== ${job.name}: passed` : `=== ${job.name}: FAILED (exit ${status})`);
      resolve({ job, status, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (status) => finish(status ?? 1));
  });
}

/**
 * The machine's busy and total CPU time so far (Linux's /proc/stat, all cores): over the pipeline,
 * how much of the cores' time went to work, to tell a run bound by the cores from one that waits.
 * It counts whatever else the machine runs too, so it means most on an idle machine.
 */
function machineCpuSeconds(): { busy: number; total: number } | undefined {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy: busy / 100, total: (busy + idle + iowait) / 100 };
  } catch {
    return undefined;
  }
}

const pipelineStarted = performance.now();
const cpuAtStart = machineCpuSeconds();
const outcomes = new Map<string, Outcome>();
const running = new Map<string, Promise<Outcome>>();
const waiting = [...jobs];
let inUse = 0;
while (waiting.length > 0 || running.size > 0) {
  const before = waiting.length;
  for (const job of [...waiting]) {
    const blocked = job.after?.some((name) => !outcomes.has(name));
    if (blocked) continue;
    const failedBefore = job.after?.find((name) => outcomes.get(name)?.status !== 0);
    if (failedBefore) {
      waiting.splice(waiting.indexOf(job), 1);
      console.log(`\n=== ${job.name}: not run (${failedBefore} failed)`);
      outcomes.set(job.name, { job, status: 1, seconds: 0 });
      continue;
    }
    // A job heavier than every slot still runs, alone.
    if (inUse > 0 && inUse + job.load > SLOTS) continue;
    waiting.splice(waiting.indexOf(job), 1);
    inUse += job.load;
    running.set(job.name, run(job));
  }
  if (running.size === 0) {
    if (waiting.length < before) continue;
    throw new Error(`jobs wait for jobs that do not exist: ${waiting.map((job) => job.name).join(', ')}`);
  }
  const done = await Promise.race(running.values());
  running.delete(done.job.name);
  inUse -= done.job.load;
  outcomes.set(done.job.name, done);
}

const unit = vitestCounts(fs.globSync('test-results/vitest-*.json'));
const browser = summedCounts(fs.globSync('test-results/e2e*.json').map(browserCounts));
const failedJobs = [...outcomes.values()].filter((outcome) => outcome.status !== 0).map((outcome) => outcome.job.name);
console.log(`\n${jobs.map((job) => `${job.name}: ${outcomes.get(job.name)?.seconds.toFixed(1)}s`).join(' · ')}`);
const cpuAtEnd = machineCpuSeconds();
const busy =
  cpuAtStart && cpuAtEnd
    ? `; the cores ${Math.round((100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.total - cpuAtStart.total))} % busy (${(cpuAtEnd.busy - cpuAtStart.busy).toFixed(0)} CPU-seconds, the whole machine's)`
    : '';
console.log(
  `whole pipeline: ${((performance.now() - pipelineStarted) / 1000).toFixed(1)}s, ${SLOTS} slots on ${os.availableParallelism()} cores${busy}`,
);
console.log(`unit/API: ${unit.passed} passed; browser: ${browser.passed} passed`);
if (failedJobs.length > 0) console.error(`FAILED: ${failedJobs.join(', ')}`);
console.log(
  `${unit.passed + browser.passed} passed, ${unit.failed + browser.failed} failed, ${unit.skipped + browser.skipped} skipped`,
);
if (failedJobs.length > 0) process.exitCode = 1;
