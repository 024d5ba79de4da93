import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test';
import { addDays, instantOf, localDate, localTime } from '../../server/lib/clock.ts';
import { holidayCalendar } from '../../server/modules/agenda/holidays.ts';

/** The demo clinic's time zone (the servers' CLINIC_TIMEZONE default, the browsers' timezoneId). */
export const CLINIC_TIME_ZONE = 'Europe/Madrid';
/** The hour the browser tests' clinic day starts at: a morning leaves the whole day ahead. */
const START_TIME = '10:00';

const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
/** The servers' holidays (PUBLIC_HOLIDAY_REGION's default): the demo clinic is closed on them. */
const holidays = holidayCalendar(process.env.PUBLIC_HOLIDAY_REGION ?? 'ES-CT');
/** A day the demo clinic opens: a weekday that is no public holiday. */
export const isClinicDay = (date: string) => !isWeekend(date) && !holidays.isHoliday(date);

/**
 * The clinic's clock for a browser-test run, as the servers read it (TEST_CLOCK_START and
 * TEST_CLOCK_ANCHOR, server/config.ts): the clock shows the start at the real instant of the anchor
 * and runs on in real time, so the journeys run on a clinic day of their own at any hour, and
 * sessions, lock-outs and rate limits still see time pass.
 *
 * The start is E2E_CLOCK_START when set (clinic wall time, YYYY-MM-DDTHH:MM), else the last clinic day
 * (a weekday, no holiday) at 10:00 at or before now. Never ahead of the real time: a browser compares a token's expiry
 * (signed in real time) with its own clock, and a clock ahead would see a live token as expired.
 *
 * Playwright loads its configuration in the runner first, which sets these for its workers and
 * servers; each worker loads it again and finds them set.
 */
export function clinicClockEnvironment(
  environment: NodeJS.ProcessEnv = process.env,
  anchor = Date.now(),
): {
  TEST_CLOCK_START: string;
  TEST_CLOCK_ANCHOR: string;
} {
  if (environment.TEST_CLOCK_START && environment.TEST_CLOCK_ANCHOR) {
    return { TEST_CLOCK_START: environment.TEST_CLOCK_START, TEST_CLOCK_ANCHOR: environment.TEST_CLOCK_ANCHOR };
  }
  let start: Date;
  const asked = environment.E2E_CLOCK_START;
  if (asked) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(asked);
    if (!match) throw new Error(`E2E_CLOCK_START must be a clinic wall time, YYYY-MM-DDTHH:MM (got ${asked})`);
    start = instantOf(match[1]!, match[2]!, CLINIC_TIME_ZONE);
  } else {
    const real = new Date(anchor);
    let date = localDate(real, CLINIC_TIME_ZONE);
    if (localTime(real, CLINIC_TIME_ZONE) < START_TIME) date = addDays(date, -1);
    while (!isClinicDay(date)) date = addDays(date, -1);
    start = instantOf(date, START_TIME, CLINIC_TIME_ZONE);
  }
  return { TEST_CLOCK_START: start.toISOString(), TEST_CLOCK_ANCHOR: String(anchor) };
}

/** Now on the clinic's clock of this run (what the servers and the browsers read). */
export function clinicNow(): Date {
  const { TEST_CLOCK_START, TEST_CLOCK_ANCHOR } = clinicClockEnvironment();
  return new Date(Date.now() + Date.parse(TEST_CLOCK_START) - Number(TEST_CLOCK_ANCHOR));
}

/** Sets a browser context's clock to the clinic's, running on in real time from there. */
export async function installClinicClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: clinicNow() });
}

/** A new browser context (a second device, a second user) on the clinic's clock. */
export async function newClinicContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await installClinicClock(context);
  return context;
}
