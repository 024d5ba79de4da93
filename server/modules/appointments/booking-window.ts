import { fechaTexto, MESES_NO_PRESENTADOS, plazoTexto, type ReglasReserva } from '../../../contracts/booking-rules.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { addDays, instantOf, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { AddressCounts, BookingCounts } from './booking-caps.repository.ts';

const MINUTE = 60_000;

/** When bookings open and close for a patient now: the clinic's rules applied to the clinic's clock. */
export function bookingWindow(rules: ReglasReserva, now: Date, timeZone: string) {
  const today = localDate(now, timeZone);
  const earliest = new Date(now.getTime() + rules.antelacion_reserva_min * MINUTE);
  // Slots start on whole minutes: the first one bookable starts at the earliest instant rounded up,
  // so a list compared on the clinic's HH:MM agrees with the booking to the second.
  const firstStart = new Date(Math.ceil(earliest.getTime() / MINUTE) * MINUTE);
  return {
    /** The earliest instant a visit may start to be booked now. */
    earliest,
    /** The earliest start a slot may have to be booked now, as the clinic's date and HH:MM. */
    firstDay: localDate(firstStart, timeZone),
    firstTime: localTime(firstStart, timeZone),
    /** The last bookable day, inclusive. */
    lastDay: addDays(today, rules.horizonte_dias),
  };
}

/** The first day whose no-shows still count (12 months back from today). */
export function noShowsSince(now: Date, timeZone: string): string {
  const [year, month, day] = localDate(now, timeZone).split('-');
  const back = Number(month) - MESES_NO_PRESENTADOS;
  const y = Number(year) + Math.floor((back - 1) / 12);
  const m = ((((back - 1) % 12) + 12) % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}-${day}`;
}

/** Refuses a slot outside the booking window, with the limit in the message. */
export function ensureBookable(rules: ReglasReserva, slot: { fecha: string; hora: string }, now: Date, timeZone: string, language: Language): void {
  const { earliest, lastDay } = bookingWindow(rules, now, timeZone);
  if (instantOf(slot.fecha, slot.hora, timeZone).getTime() < earliest.getTime()) {
    throw fail(400, 'reserva_sin_antelacion', language, { params: { plazo: plazoTexto(rules.antelacion_reserva_min, language) } });
  }
  if (slot.fecha > lastDay) {
    throw fail(400, 'reserva_demasiado_lejos', language, { params: { fecha: fechaTexto(lastDay) } });
  }
}

/** Whether a visit starts too soon to be cancelled or moved online. */
export function insideCancelNotice(rules: ReglasReserva, visit: { fecha: string; hora: string }, now: Date, timeZone: string): boolean {
  return instantOf(visit.fecha, visit.hora.slice(0, 5), timeZone).getTime() - now.getTime() < rules.antelacion_cancelacion_min * MINUTE;
}

/** How long a patient may withdraw a request they have just made, whatever the notice: a booking made by mistake. */
export const WITHDRAW_MINUTES = 10;

/** Whether a request (still waiting for the doctor) was made less than WITHDRAW_MINUTES ago. */
export function justRequested(visit: { estado: string; creado_en: string }, now: Date): boolean {
  return visit.estado === 'pendiente' && now.getTime() - Date.parse(visit.creado_en) < WITHDRAW_MINUTES * MINUTE;
}

/** The refusal inside the notice: call the clinic, at its phone. */
export function lateChange(code: 'cancelacion_sin_antelacion' | 'cambio_sin_antelacion', rules: ReglasReserva, telefono: string, language: Language) {
  return fail(409, code, language, { params: { plazo: plazoTexto(rules.antelacion_cancelacion_min, language, true), telefono } });
}

function noShowLimitReached(rules: ReglasReserva, noShows: number, language: Language) {
  return fail(409, 'limite_no_presentados', language, { params: { n: noShows } });
}

/** The clinic's clock as the booking caps read it: today, the time of day, the first day no-shows count. */
export function capsClock(now: Date, timeZone: string) {
  return { today: localDate(now, timeZone), time: localTime(now, timeZone), noShowsSince: noShowsSince(now, timeZone) };
}

/**
 * Refuses a booking past the caps: the active visits a patient may hold, one visit
 * per doctor and day, and past the no-show limit one request at a time.
 */
export function ensureWithinCaps(rules: ReglasReserva, counts: BookingCounts, language: Language): void {
  if (counts.activeFuture >= rules.max_citas_activas) {
    throw fail(409, 'limite_citas_activas', language, { params: { max: rules.max_citas_activas } });
  }
  ensureMoveWithinCaps(rules, counts, language);
}

/**
 * Refuses a patient's own booking past the caps on the address they signed up from: the visits
 * all its accounts hold, and what its accounts younger than a day booked today. Staff bookings
 * never come here.
 */
export function ensureWithinAddressCaps(
  caps: { maxActivePerSignupAddress: number; maxPerDayNewAccountsPerAddress: number },
  counts: AddressCounts | null,
  language: Language,
): void {
  if (counts === null) return;
  if (counts.activeFuture >= caps.maxActivePerSignupAddress) {
    throw fail(409, 'limite_citas_direccion', language, { params: { max: caps.maxActivePerSignupAddress } });
  }
  if (counts.bookedByNewAccounts !== null && counts.bookedByNewAccounts >= caps.maxPerDayNewAccountsPerAddress) {
    throw fail(409, 'limite_citas_cuenta_nueva', language, { params: { max: caps.maxPerDayNewAccountsPerAddress } });
  }
}

/**
 * Refuses a move of a visit past the caps that a move can pass: one visit per doctor and day, and
 * past the no-show limit one request at a time (the moved visit waits for the doctor again). A move
 * leaves the patient with as many visits as before, so the cap on them does not apply: a patient
 * over it (the clinic lowered it, or a doctor gave them visits) can still move the ones they hold.
 */
export function ensureMoveWithinCaps(rules: ReglasReserva, counts: BookingCounts, language: Language): void {
  if (counts.withDoctorThatDay >= rules.max_citas_doctor_dia) throw fail(409, 'limite_citas_doctor_dia', language);
  if (counts.noShows >= rules.limite_no_presentados && counts.pendingFuture > 0) {
    throw noShowLimitReached(rules, counts.noShows, language);
  }
}
