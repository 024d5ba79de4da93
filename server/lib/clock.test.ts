import { describe, expect, it, vi } from 'vitest';
import { clockFrom, instantOf, localDate, localTime, serverClock, systemClock } from './clock.ts';

describe("the clinic's wall clock", () => {
  it('turns with the minute and across a change to summer time, whatever was read before', () => {
    const madrid = 'Europe/Madrid';
    expect(localTime(new Date('2026-03-29T00:59:00.000Z'), madrid)).toBe('01:59');
    expect(localTime(new Date('2026-03-29T00:59:59.999Z'), madrid)).toBe('01:59');
    expect(localTime(new Date('2026-03-29T01:00:00.000Z'), madrid)).toBe('03:00');
    expect(localDate(new Date('2026-12-31T22:59:59.999Z'), madrid)).toBe('2026-12-31');
    expect(localDate(new Date('2026-12-31T23:00:00.000Z'), madrid)).toBe('2027-01-01');
    expect(localTime(new Date('2026-11-28T10:15:30.000Z'), 'America/New_York')).toBe('05:15');
    expect(instantOf('2026-03-30', '09:30', madrid).toISOString()).toBe('2026-03-30T07:30:00.000Z');
  });

  it('keeps instants apart within one minute where a zone once had seconds in its offset', () => {
    // Liberia kept -0:44:30 until 1972: one UTC minute held the end of one day and the start of the next.
    const monrovia = 'Africa/Monrovia';
    expect(localDate(new Date('1960-01-01T00:44:29Z'), monrovia)).toBe('1959-12-31');
    expect(localTime(new Date('1960-01-01T00:44:29Z'), monrovia)).toBe('23:59');
    expect(localDate(new Date('1960-01-01T00:44:31Z'), monrovia)).toBe('1960-01-01');
    expect(localTime(new Date('1960-01-01T00:44:31Z'), monrovia)).toBe('00:00');
  });
});

describe("a test server's clock", () => {
  it('shows its start at the anchor and runs on in real time from there', () => {
    vi.useFakeTimers({ now: new Date('2026-12-07T22:58:00.000Z'), toFake: ['Date'] });
    try {
      const clock = clockFrom(new Date('2026-12-04T09:00:00.000Z'), Date.now() - 5_000);
      expect(clock.now().toISOString()).toBe('2026-12-04T09:00:05.000Z');
      vi.advanceTimersByTime(90_000);
      expect(clock.now().toISOString()).toBe('2026-12-04T09:01:35.000Z');
      // Without an anchor it starts when the server does.
      const started = serverClock({ testClock: { start: new Date('2026-12-04T09:00:00.000Z'), anchorMs: undefined } });
      vi.advanceTimersByTime(1_000);
      expect(started.now().toISOString()).toBe('2026-12-04T09:00:01.000Z');
      expect(serverClock({ testClock: undefined })).toBe(systemClock);
    } finally {
      vi.useRealTimers();
    }
  });
});
