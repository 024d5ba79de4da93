import type { Reloj } from '../../../contracts/clinic.ts';
import { dateTimeFormat } from './intl-cache.ts';

/**
 * The clinic's time zone: dates and 'today' on screen are the clinic's, not the
 * browser's. The zone the server is configured with arrives from GET /api/reloj at start; until
 * then (and if that fails) the clinic's default zone is used, which is what nearly every
 * installation runs.
 */
export const DEFAULT_CLINIC_TIME_ZONE = 'Europe/Madrid';
let zone = DEFAULT_CLINIC_TIME_ZONE;
const listeners = new Set<() => void>();

export const clinicTimeZone = () => zone;

/** Calls `listener` when the clinic's zone arrives from the server (for useSyncExternalStore). */
export function onClinicTimeZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone this browser's clock runs in. */
export const browserTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What a zone's clock shows at an instant, as 'YYYY-MM-DD HH:MM'. */
function wallClock(instant: Date, timeZone: string): string {
  return dateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/**
 * Whether the browser's clock can show another time than the clinic's: not a different name for
 * the same clock (Paris and Madrid agree all year), checked now and half a year on (summer time).
 */
export function browserClockDiffers(now: Date = new Date(), browser: string = browserTimeZone(), clinic: string = zone): boolean {
  if (browser === clinic) return false;
  const later = new Date(now.getTime() + 182 * 24 * 60 * 60 * 1000);
  return [now, later].some((instant) => wallClock(instant, browser) !== wallClock(instant, clinic));
}

/** Asks the server for the clinic's zone once, at start; screens keep working without it. */
export async function loadClinicClock(): Promise<void> {
  try {
    const response = await fetch('/api/reloj');
    if (!response.ok) return;
    const reloj = (await response.json()) as Reloj;
    // Throws on a zone this browser does not know. Building the first formatter for a zone loads the
    // browser's zone data (tens of milliseconds on a phone): done here, while a screen still waits
    // for its code and data, rather than inside its first render that formats dates (measured:
    // skipping it for the usual zone made the logged-in screens' long tasks longer).
    dateTimeFormat('en-GB', { timeZone: reloj.zona_horaria });
    zone = reloj.zona_horaria;
    for (const listener of listeners) listener();
  } catch {
    // offline or an unknown zone: the default stays
  }
}

/** The calendar date (YYYY-MM-DD) and time (HH:MM) of an instant in the clinic. */
export function clinicParts(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    dateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
