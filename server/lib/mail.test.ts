import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from './mail.ts';

const mailers: Mailer[] = [];
function outboxMailer(): Mailer {
  const mailer = createMailer({ smtpUrl: undefined, from: 'clinica@example.test', outboxDir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-mail-')), 'outbox') });
  mailers.push(mailer);
  return mailer;
}
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
});

/** A sweep that counts how many of it run at once, and that waits until `release` lets it end. */
function countedSweep() {
  const state = { runs: 0, running: 0, mostAtOnce: 0 };
  const gates: (() => void)[] = [];
  const sweep = async () => {
    state.runs += 1;
    state.running += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
    await new Promise<void>((resolve) => gates.push(resolve));
    state.running -= 1;
  };
  const releaseOne = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { state, sweep, releaseOne };
}

describe('sweepLater', () => {
  it('runs one sweep of a key at a time, and once more after it when asked meanwhile', async () => {
    const mailer = outboxMailer();
    const { state, sweep, releaseOne } = countedSweep();
    const errors: unknown[] = [];
    for (let i = 0; i < 100; i += 1) mailer.sweepLater('notices', sweep, (error) => errors.push(error));
    await releaseOne();
    await releaseOne();
    await mailer.settled();
    // A hundred asks during the first sweep make one more, not a hundred racing ones.
    expect(state).toEqual({ runs: 2, running: 0, mostAtOnce: 1 });
    expect(errors).toEqual([]);
  });

  it('sweeps what was asked for after the last sweep began', async () => {
    const mailer = outboxMailer();
    const seen: number[] = [];
    let due = 1;
    const { sweep: waiting, releaseOne } = countedSweep();
    const sweep = async () => {
      const now = due;
      await waiting();
      seen.push(now);
    };
    mailer.sweepLater('notices', sweep, () => undefined);
    // A second change lands while the first sweep is under way: it is not lost.
    due = 2;
    mailer.sweepLater('notices', sweep, () => undefined);
    await releaseOne();
    await releaseOne();
    await mailer.settled();
    expect(seen).toEqual([1, 2]);
  });

  it('keeps sweeps of different keys apart, and a failed sweep does not stop the next', async () => {
    const mailer = outboxMailer();
    const a = countedSweep();
    const b = countedSweep();
    mailer.sweepLater('waitlist:1', a.sweep, () => undefined);
    mailer.sweepLater('waitlist:2', b.sweep, () => undefined);
    // Two keys run side by side: both have begun before either ends.
    for (let tick = 0; tick < 10 && b.state.running === 0; tick += 1) await new Promise((resolve) => setImmediate(resolve));
    expect([a.state.running, b.state.running]).toEqual([1, 1]);
    await a.releaseOne();
    await b.releaseOne();
    await mailer.settled();
    expect([a.state.runs, b.state.runs]).toEqual([1, 1]);

    const errors: unknown[] = [];
    let calls = 0;
    const failingOnce = async () => {
      calls += 1;
      if (calls === 1) {
        mailer.sweepLater('notices', failingOnce, (error) => errors.push(error));
        throw new Error('smtp down');
      }
    };
    mailer.sweepLater('notices', failingOnce, (error) => errors.push(error));
    await mailer.settled();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('smtp down')]);
  });
});
