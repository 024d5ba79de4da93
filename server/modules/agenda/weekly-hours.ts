/**
 * Weekly hours as slots. Everything here is clinic wall-clock: a local date and
 * HH:MM times, never an instant, so a daylight-saving change cannot create, lose or move a slot.
 */
import type { Franja } from '../../../contracts/weekly-hours.ts';
import { addDays, existsOnClock } from '../../lib/clock.ts';
import { slotStarts, toMinutes, toTime, type TimeRange } from '../../lib/slots.ts';

export interface WeeklySlot extends TimeRange {
  duracion_min: number;
}

/** A range of a day that is closed (an absence or a holiday), [hora_inicio, hora_fin), '24:00' the day's end. */
export type ClosedRange = TimeRange;

/** The absence of a doctor, as stored. */
export interface AbsenceSpan {
  fecha_inicio: string;
  fecha_fin: string;
  hora_inicio: string | null;
  hora_fin: string | null;
}

export const WHOLE_DAY: ClosedRange = { hora_inicio: '00:00', hora_fin: '24:00' };

/** 1 Monday ... 7 Sunday of a YYYY-MM-DD date (calendar arithmetic only, no time zone involved). */
export function weekday(fecha: string): number {
  const day = new Date(`${fecha}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The dates of [from, from + days). */
export function datesFrom(from: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(from, index));
}

/** What an absence closes on one day, or nothing when the day is outside it. */
export function absenceOnDay(absence: AbsenceSpan, fecha: string): ClosedRange | undefined {
  if (fecha < absence.fecha_inicio || fecha > absence.fecha_fin) return undefined;
  const hora_inicio = fecha === absence.fecha_inicio && absence.hora_inicio ? absence.hora_inicio : '00:00';
  const hora_fin = fecha === absence.fecha_fin && absence.hora_fin ? absence.hora_fin : '24:00';
  return hora_inicio < hora_fin ? { hora_inicio, hora_fin } : undefined;
}


const touches = (slot: TimeRange, closed: ClosedRange) =>
  toMinutes(slot.hora_inicio) < toMinutes(closed.hora_fin) && toMinutes(closed.hora_inicio) < toMinutes(slot.hora_fin);

/**
 * The slots a day should have: each range of its weekday cut at its slot length (only starts whose
 * slot ends by the range's end), less every slot that touches a closed range and, given the
 * clinic's time zone, every start its clock skips that day (the hour daylight saving jumps over).
 */
export function expandDay(franjas: readonly Franja[], fecha: string, closed: readonly ClosedRange[] = [], timeZone?: string): WeeklySlot[] {
  const day = weekday(fecha);
  const slots: WeeklySlot[] = [];
  for (const franja of franjas) {
    if (franja.dia_semana !== day) continue;
    for (const start of slotStarts(franja.hora_inicio, franja.hora_fin, franja.duracion_min)) {
      const slot = { hora_inicio: start, hora_fin: toTime(toMinutes(start) + franja.duracion_min), duracion_min: franja.duracion_min };
      if (timeZone !== undefined && !existsOnClock(fecha, start, timeZone)) continue;
      if (!closed.some((range) => touches(slot, range))) slots.push(slot);
    }
  }
  return slots.sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio));
}

/** Whether a slot shares a minute with any closed range. */
export const isClosed = (slot: TimeRange, closed: readonly ClosedRange[]) => closed.some((range) => touches(slot, range));

/** One version of a doctor's weekly hours: its ranges, from its first day. */
export interface HoursVersion {
  vigente_desde: string;
  franjas: Franja[];
}

/** The ranges in force on `fecha`: those of the last version started by then (none before the first). */
export function franjasOn(versions: readonly HoursVersion[] | undefined, fecha: string): Franja[] {
  let inForce: Franja[] = [];
  for (const version of versions ?? []) if (version.vigente_desde <= fecha) inForce = version.franjas;
  return inForce;
}
