/**
 * Slot arithmetic of the agenda, shared by the server (which stores slots) and the web (which turns
 * the 'Apertura de Jornada' ranges into start times). Times are HH:MM strings (HH:MM:SS is read
 * too), intervals are minutes.
 */

export const MINUTES_PER_DAY = 24 * 60;
export const DEFAULT_INTERVAL = 15;
export const MIN_INTERVAL = 5;
export const INTERVAL_STEP = 5;

export const toMinutes = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

export const toTime = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A time cut to HH:MM ('09:00:00' -> '09:00'), as every screen shows it. */
export const shortTime = (time: string): string => time.slice(0, 5);

export function isValidInterval(interval: number): boolean {
  return Number.isInteger(interval) && interval >= MIN_INTERVAL && interval % INTERVAL_STEP === 0;
}

/**
 * Start times every `interval` minutes from `start` up to, not including, `end`, keeping only slots
 * that fit before `end` (spec section 9): their count is floor((end - start) / interval).
 */
export function slotStarts(start: string, end: string, interval: number): string[] {
  if (!isValidInterval(interval)) throw new RangeError(`invalid interval ${interval}`);
  const from = toMinutes(start);
  const to = Math.min(toMinutes(end), MINUTES_PER_DAY);
  const starts: string[] = [];
  for (let t = from; t + interval <= to; t += interval) starts.push(toTime(t));
  return starts;
}

export const addMinutes = (time: string, minutes: number): string => toTime(toMinutes(time) + minutes);

export interface TimeRange {
  hora_inicio: string;
  hora_fin: string;
}

/** True when two half-open ranges [start, end) share at least one minute. */
export function overlaps(a: TimeRange, b: TimeRange): boolean {
  return toMinutes(a.hora_inicio) < toMinutes(b.hora_fin) && toMinutes(b.hora_inicio) < toMinutes(a.hora_fin);
}

/**
 * The new slots to add to a day from wanted start times: each lasts `interval` minutes, ends by
 * midnight, and overlaps neither a slot the day already has nor an earlier new one. Re-opening a
 * day therefore never duplicates a slot.
 */
export function newSlots(starts: readonly string[], interval: number, existing: readonly TimeRange[]): TimeRange[] {
  if (!isValidInterval(interval)) throw new RangeError(`invalid interval ${interval}`);
  const taken: TimeRange[] = [...existing];
  const added: TimeRange[] = [];
  const sorted = [...new Set(starts.map(shortTime))].sort();
  for (const hora_inicio of sorted) {
    const endMinutes = toMinutes(hora_inicio) + interval;
    if (endMinutes > MINUTES_PER_DAY) continue;
    const slot = { hora_inicio, hora_fin: toTime(endMinutes) };
    if (taken.some((other) => overlaps(slot, other))) continue;
    taken.push(slot);
    added.push(slot);
  }
  return added;
}

/** The slots that fill the gaps of [start, end) at `interval`, where the day has no slot yet. */
export function gapSlots(start: string, end: string, interval: number, existing: readonly TimeRange[]): TimeRange[] {
  return newSlots(slotStarts(start, end, interval), interval, existing);
}

/** The interval a day runs at: its most common slot length, or the fallback when it has none. */
export function dayInterval(durations: readonly number[], fallback: number): number {
  const counts = new Map<number, number>();
  for (const duration of durations) if (isValidInterval(duration)) counts.set(duration, (counts.get(duration) ?? 0) + 1);
  let best = fallback;
  let bestCount = 0;
  for (const [duration, count] of counts) {
    if (count > bestCount || (count === bestCount && duration < best)) {
      best = duration;
      bestCount = count;
    }
  }
  return best;
}

/**
 * How long each slot of a day opened from `starts` lasts: the length the client
 * chose, else the smallest gap between consecutive start times (when it is a valid interval), else
 * the doctor's usual interval.
 */
export function openingSlotLength(starts: readonly string[], chosen: number | undefined, usual: number): number {
  if (chosen !== undefined) return chosen;
  const minutes = [...new Set(starts.map((start) => toMinutes(start)))].sort((a, b) => a - b);
  const gaps = minutes.slice(1).map((minute, index) => minute - (minutes[index] as number));
  const smallest = gaps.length > 0 ? Math.min(...gaps) : undefined;
  return smallest !== undefined && isValidInterval(smallest) ? smallest : usual;
}
