// The counts in `npm test`'s last line, read from the JSON reports its jobs write.
import fs from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const NONE: Counts = { passed: 0, failed: 0, skipped: 0 };

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

interface VitestReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

/**
 * The vitest halves' reports, one test counted once: a database-independent test in a file that
 * also runs on PostgreSQL runs in both halves, and a PostgreSQL-only test is skipped in the SQLite
 * half and run in the other. A test failed anywhere is failed, else passed anywhere is passed.
 */
export function vitestCounts(files: string[]): Counts {
  const rank = { skipped: 0, passed: 1, failed: 2 } as const;
  const tests = new Map<string, keyof typeof rank>();
  for (const file of files) {
    for (const result of readJson<VitestReport>(file)?.testResults ?? []) {
      for (const test of result.assertionResults) {
        const key = `${result.name}\u0000${test.fullName}`;
        const status = test.status === 'passed' ? 'passed' : test.status === 'failed' ? 'failed' : 'skipped';
        const known = tests.get(key);
        if (!known || rank[status] > rank[known]) tests.set(key, status);
      }
    }
  }
  const counts = { ...NONE };
  for (const status of tests.values()) counts[status] += 1;
  return counts;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

/** One browser shard's report; a journey that passed on its retry counts as passed. */
export function browserCounts(file: string): Counts {
  const stats = readJson<PlaywrightReport>(file)?.stats;
  if (!stats) return NONE;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

export function summedCounts(all: Counts[]): Counts {
  return all.reduce(
    (sum, counts) => ({
      passed: sum.passed + counts.passed,
      failed: sum.failed + counts.failed,
      skipped: sum.skipped + counts.skipped,
    }),
    NONE,
  );
}
