import { describe, expect, it } from 'vitest';
import { clinicClockEnvironment } from '../e2e/support/clock.ts';

// The browser journeys' clinic clock (e2e/support/clock.ts): the hour a run starts at must not
// change the clinic day the journeys see.
const startAt = (realInstant: string, environment: NodeJS.ProcessEnv = {}) =>
  clinicClockEnvironment(environment, Date.parse(realInstant)).TEST_CLOCK_START;

describe("the browser journeys' clinic clock", () => {
  it('starts at 10:00 in Madrid on the last clinic day at or before the real time, whatever the hour', () => {
    // Monday 7 December 2026: at 10:30, at 23:58 and at 23:59:59 in Madrid, the same clinic morning.
    expect(startAt('2026-12-07T09:30:00Z')).toBe('2026-12-07T09:00:00.000Z');
    expect(startAt('2026-12-07T22:58:00Z')).toBe('2026-12-07T09:00:00.000Z');
    expect(startAt('2026-12-07T22:59:59Z')).toBe('2026-12-07T09:00:00.000Z');
    // Just past midnight and before 10:00 on Monday: never ahead of the real time, so Friday's.
    expect(startAt('2026-12-06T23:00:30Z')).toBe('2026-12-04T09:00:00.000Z');
    expect(startAt('2026-12-07T08:59:00Z')).toBe('2026-12-04T09:00:00.000Z');
    // A weekend runs on Friday; summer time moves the instant, not the clinic's hour.
    expect(startAt('2026-12-12T15:00:00Z')).toBe('2026-12-11T09:00:00.000Z');
    expect(startAt('2026-07-15T12:00:00Z')).toBe('2026-07-15T08:00:00.000Z');
    // A public holiday, when the demo clinic is closed (Tuesday 8 December): Monday's morning.
    expect(startAt('2026-12-08T12:00:00Z')).toBe('2026-12-07T09:00:00.000Z');
  });

  it('takes another start from E2E_CLOCK_START, and keeps a start already set for the run', () => {
    expect(startAt('2026-12-07T12:00:00Z', { E2E_CLOCK_START: '2026-12-07T23:58' })).toBe('2026-12-07T22:58:00.000Z');
    expect(() => startAt('2026-12-07T12:00:00Z', { E2E_CLOCK_START: '23:58' })).toThrow(/YYYY-MM-DDTHH:MM/);
    const set = { TEST_CLOCK_START: '2026-12-04T09:00:00.000Z', TEST_CLOCK_ANCHOR: '1765100000000' };
    expect(clinicClockEnvironment(set, Date.parse('2026-12-12T15:00:00Z'))).toEqual(set);
    expect(clinicClockEnvironment({}, 1765100000000).TEST_CLOCK_ANCHOR).toBe('1765100000000');
  });
});
