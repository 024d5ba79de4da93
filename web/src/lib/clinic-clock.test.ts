import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBegun, todayIso } from './calendar.ts';
import { browserClockDiffers, clinicTimeZone, DEFAULT_CLINIC_TIME_ZONE, loadClinicClock } from './clinic-clock.ts';
import { formatInstant } from './format.ts';

/** 'today' and instants on screen are the clinic's, whatever the browser's zone. */
describe("the clinic's clock on screen", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts today and whether a visit has begun in the clinic's zone", () => {
    expect(clinicTimeZone()).toBe(DEFAULT_CLINIC_TIME_ZONE);
    // 23:30 UTC on 1 March is already 2 March, 00:30, in Madrid (UTC+1).
    const lateNight = new Date('2026-03-01T23:30:00Z');
    expect(todayIso(lateNight)).toBe('2026-03-02');
    expect(hasBegun('2026-03-02', '00:15', lateNight)).toBe(true);
    expect(hasBegun('2026-03-02', '00:45', lateNight)).toBe(false);
    expect(hasBegun('2026-03-01', '23:59', lateNight)).toBe(true);
  });

  it("shows an upload's instant in the clinic's zone", () => {
    expect(formatInstant('2026-03-01T23:30:00Z', 'es')).toBe('2 mar 2026, 0:30');
  });

  it('takes the zone the server is configured with, and keeps the default when it cannot', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ zona_horaria: 'No/Existe' }), { status: 200 })));
    await loadClinicClock();
    expect(clinicTimeZone()).toBe(DEFAULT_CLINIC_TIME_ZONE);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ zona_horaria: 'America/New_York' }), { status: 200 })));
    await loadClinicClock();
    expect(clinicTimeZone()).toBe('America/New_York');
    expect(todayIso(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-01');
  });

  it('tells when the browser’s clock shows other times than the clinic’s: not for another name of the same clock', () => {
    const now = new Date('2026-03-02T08:00:00Z');
    expect(browserClockDiffers(now, 'Europe/Madrid', 'Europe/Madrid')).toBe(false);
    expect(browserClockDiffers(now, 'Europe/Paris', 'Europe/Madrid')).toBe(false);
    expect(browserClockDiffers(now, 'America/New_York', 'Europe/Madrid')).toBe(true);
    expect(browserClockDiffers(now, 'Atlantic/Canary', 'Europe/Madrid')).toBe(true);
    // Same offset in winter, not in summer: it differs for part of the year, so it says so.
    expect(browserClockDiffers(now, 'Africa/Lagos', 'Europe/Madrid')).toBe(true);
  });
});
