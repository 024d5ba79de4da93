/**
 * The one source of "now". Services read the time through a Clock so tests can set it.
 * Clinic dates and times are wall-clock strings in the clinic's time zone.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that shows `start` at the real instant `anchorMs` and runs on in real time: the browser
 * tests' servers run on a clinic day of their choosing, whatever the hour they run at, while
 * everything that measures spans (sessions, lock-outs, rate limits) still sees time pass.
 */
export function clockFrom(start: Date, anchorMs: number): Clock {
  const offset = start.getTime() - anchorMs;
  return { now: () => new Date(Date.now() + offset) };
}

/** The server's clock: the real time, or a test server's clock when its configuration sets one. */
export function serverClock(config: { testClock: { start: Date; anchorMs: number | undefined } | undefined }): Clock {
  if (!config.testClock) return systemClock;
  return clockFrom(config.testClock.start, config.testClock.anchorMs ?? Date.now());
}

/** A clock a test can move by hand. */
export class ManualClock implements Clock {
  #current: Date;
  constructor(start: Date | string) {
    this.#current = new Date(start);
  }
  now() {
    return new Date(this.#current);
  }
  set(to: Date | string) {
    this.#current = new Date(to);
  }
  advanceMinutes(minutes: number) {
    this.#current = new Date(this.#current.getTime() + minutes * 60_000);
  }
}

type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The last minutes read, by zone: every request reads "now" (today, the time, the no-show window),
 * and formatting costs more than the rest of those helpers together. The wall clock shows no
 * seconds, so one minute formats once: since 1973 every zone's offset is a whole number of minutes
 * (older instants, with offsets such as -0:44:30, are kept by the millisecond).
 */
const recent = new Map<string, WallClock>();
const RECENT_SIZE = 256;
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);

function partsIn(timeZone: string, instant: Date): WallClock {
  const ms = instant.getTime();
  const key = ms >= WHOLE_MINUTE_OFFSETS_SINCE ? `${timeZone}|m${Math.floor(ms / 60_000)}` : `${timeZone}|${ms}`;
  const known = recent.get(key);
  if (known) return known;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value])) as WallClock;
  if (recent.size >= RECENT_SIZE) recent.clear();
  recent.set(key, parts);
  return parts;
}

/** The clinic's local date (YYYY-MM-DD) at an instant. */
export function localDate(instant: Date, timeZone: string): string {
  const p = partsIn(timeZone, instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The clinic's local time (HH:MM) at an instant. */
export function localTime(instant: Date, timeZone: string): string {
  const p = partsIn(timeZone, instant);
  return `${p.hour}:${p.minute}`;
}

/** The instant at which the clinic's wall clock shows `date` `time`. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const asUtc = new Date(`${date}T${time.slice(0, 5)}:00Z`);
  // The zone's offset at that moment, found by formatting the guess and measuring the difference.
  const guess = partsIn(timeZone, asUtc);
  const shown = Date.UTC(+guess.year, +guess.month - 1, +guess.day, +guess.hour, +guess.minute);
  const offset = shown - asUtc.getTime();
  const candidate = new Date(asUtc.getTime() - offset);
  const check = partsIn(timeZone, candidate);
  const shownAgain = Date.UTC(+check.year, +check.month - 1, +check.day, +check.hour, +check.minute);
  return new Date(candidate.getTime() - (shownAgain - asUtc.getTime()));
}

/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether the clinic's wall clock ever shows `time` (HH:MM) on `fecha`: not in the hour a spring daylight-saving change skips. */
export const existsOnClock = (fecha: string, time: string, timeZone: string): boolean => localTime(instantOf(fecha, time, timeZone), timeZone) === time;
