import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import type { Franja } from '../../../contracts/weekly-hours.ts';
import type { Database } from '../../db/schema/index.ts';
import { addDays, localDate } from '../../lib/clock.ts';
import { overlaps } from '../../lib/slots.ts';
import { clinicDays, type ClinicDays } from './clinic-days.ts';
import { holidayCalendar, type HolidayCalendar } from './holidays.ts';
import { absenceOnDay, datesFrom, expandDay, franjasOn, WHOLE_DAY, type AbsenceSpan, type ClosedRange } from './weekly-hours.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import { bookingPolicy } from '../appointments/index.ts';
import {
  absencesFrom,
  claimDays,
  closeSlots,
  daySlots,
  daysWithSlots,
  deleteSlots,
  doctorsWithHours,
  insertGeneratedSlots,
  markedDays,
  reopenSlots,
} from './weekly-hours.repository.ts';

const calendars = new Map<string, HolidayCalendar>();
/** The clinic's holiday calendar (PUBLIC_HOLIDAY_REGION), built once per region. */
export function clinicHolidays(app: Pick<FastifyInstance, 'config'>): HolidayCalendar {
  const region = app.config.agenda.holidayRegion;
  let calendar = calendars.get(region);
  if (!calendar) {
    calendar = holidayCalendar(region);
    calendars.set(region, calendar);
  }
  return calendar;
}

/** What is closed on a day: all of it when the clinic is (a holiday or a closure), else the doctor's absences on it. */
export function closedOn(holidays: ClinicDays, absences: readonly AbsenceSpan[], fecha: string): ClosedRange[] {
  if (holidays.isHoliday(fecha)) return [WHOLE_DAY];
  return absences.flatMap((absence) => absenceOnDay(absence, fecha) ?? []);
}

/**
 * How many days from today the agenda is open: AGENDA_WEEKS_AHEAD weeks, or further when the
 * booking rules let patients book further ahead (the last bookable day is today + horizonte_dias),
 * so every day a patient may book has its slots.
 */
export async function openDaysAhead(app: Pick<FastifyInstance, 'db' | 'config'>): Promise<number> {
  const rules = await bookingPolicy.rules(app);
  return Math.max(app.config.agenda.weeksAhead * 7, rules.horizonte_dias + 1);
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export interface FillRun {
  doctores: number;
  dias: number;
  huecos: number;
}

/**
 * Keeps every doctor with weekly hours open openDaysAhead days from `today` (the clinic's
 * local date): each day not yet dealt with is claimed (a row in dias_agenda, whose key makes a
 * second instance skip it) and gets its slots, less holidays and absences, in one transaction per
 * doctor. A day that already holds slots without a claim was opened by hand and is only marked.
 * Running it again has nothing to do. Tests call it with the day they want.
 */
export async function keepAgendasOpen(
  app: Pick<FastifyInstance, 'db' | 'config' | 'clock'>,
  today: string = localDate(app.clock.now(), app.config.timeZone),
  only?: number,
): Promise<FillRun> {
  const run: FillRun = { doctores: 0, dias: 0, huecos: 0 };
  const to = addDays(today, await openDaysAhead(app));
  const holidays = await clinicDays(app.db, clinicHolidays(app), today, to);
  const stamp = app.clock.now().toISOString();
  for (const [id_doctor, versions] of await doctorsWithHours(app.db, only)) {
    const first = versions[0]?.vigente_desde ?? to;
    const from = first > today ? first : today;
    if (from >= to) continue;
    await app.db.transaction().execute(async (trx) => {
      const marked = await markedDays(trx, id_doctor, from, to);
      const candidates = datesFrom(from, daysBetween(from, to)).filter((fecha) => !marked.has(fecha));
      if (candidates.length === 0) return;
      const withSlots = await daysWithSlots(trx, id_doctor, from, to);
      await claimDays(trx, id_doctor, candidates.filter((fecha) => withSlots.has(fecha)), 'manual', stamp);
      const claimed = await claimDays(trx, id_doctor, candidates.filter((fecha) => !withSlots.has(fecha)), 'semanal', stamp);
      if (claimed.length === 0) return;
      const absences = await absencesFrom(trx, id_doctor, from, to);
      const rows = claimed.flatMap((fecha) =>
        expandDay(franjasOn(versions, fecha), fecha, closedOn(holidays, absences, fecha), app.config.timeZone).map((slot) => ({ id_doctor, fecha, slot })),
      );
      run.doctores += 1;
      run.dias += claimed.length;
      run.huecos += await insertGeneratedSlots(trx, rows);
    });
  }
  return run;
}

/**
 * Brings one generated day in line with the hours and what is closed: free slots that no longer
 * fit go (or are blocked with `motivo` when past visits point at them), blocked ones that fit again
 * reopen, missing ones are added. Booked slots are never touched. Returns how many free slots closed.
 */
export async function regenerateDay(
  trx: Transaction<Database>,
  id_doctor: number,
  fecha: string,
  franjas: readonly Franja[],
  closed: readonly ClosedRange[],
  motivo: string,
  timeZone: string,
): Promise<number> {
  const desired = expandDay(franjas, fecha, closed, timeZone);
  const key = (slot: { hora_inicio: string; hora_fin: string }) => `${slot.hora_inicio}-${slot.hora_fin}`;
  const wanted = new Set(desired.map(key));
  const existing = await daySlots(trx, id_doctor, fecha);
  const unwanted = existing.filter((slot) => slot.estado === 'Disponible' && !wanted.has(key(slot)));
  const removable = unwanted.filter((slot) => !slot.con_citas).map((slot) => slot.id_agenda);
  const removed = await deleteSlots(trx, removable);
  const blocked = await closeSlots(
    trx,
    unwanted.filter((slot) => slot.con_citas).map((slot) => slot.id_agenda),
    motivo,
  );
  await reopenSlots(
    trx,
    existing.filter((slot) => slot.estado === 'Bloqueado' && wanted.has(key(slot))).map((slot) => slot.id_agenda),
  );
  const gone = new Set(removable);
  const kept = existing.filter((slot) => !gone.has(slot.id_agenda));
  const missing = desired.filter((slot) => !kept.some((other) => overlaps(slot, other)));
  await insertGeneratedSlots(
    trx,
    missing.map((slot) => ({ id_doctor, fecha, slot })),
  );
  return removed + blocked;
}

/** Regenerates a doctor's generated days in [from, to] with their current hours, holidays and absences. */
export async function regenerateDays(app: FastifyInstance, trx: Transaction<Database>, id_doctor: number, fechas: string[], motivo: string) {
  if (fechas.length === 0) return 0;
  const versions = (await doctorsWithHours(trx, id_doctor)).get(id_doctor);
  const first = fechas[0] as string;
  const last = fechas.at(-1) as string;
  const absences = await absencesFrom(trx, id_doctor, first, addDays(last, 1));
  const holidays = await clinicDays(trx, clinicHolidays(app), first, last);
  let closed = 0;
  for (const fecha of fechas) {
    const franjas = franjasOn(versions, fecha);
    closed += await regenerateDay(trx, id_doctor, fecha, franjas, closedOn(holidays, absences, fecha), motivo, app.config.timeZone);
  }
  return closed;
}

/**
 * Runs keepAgendasOpen once the app is ready and then every AGENDA_FILL_POLL_SECONDS (0: never),
 * so each new day enters the window soon after midnight; stop() waits for a run in progress.
 */
export function startKeepOpenWorker(app: FastifyInstance): PeriodicWorker {
  const round = async () => {
    const run = await keepAgendasOpen(app);
    if (run.dias > 0) app.log.info(run, 'agenda kept open');
  };
  return startPeriodicWorker(round, {
    seconds: app.config.agenda.fillPollSeconds,
    firstAfterMs: 1000,
    onError: (error) => app.log.error({ err: error }, 'agenda generator round failed'),
  });
}

/** No routes: the agenda generator's worker, started when the app is ready and stopped when it closes. */
export const keepOpenPlugin: FastifyPluginAsyncZod = async (app) => {
  clinicHolidays(app); // an unknown PUBLIC_HOLIDAY_REGION stops the start here, not at the first round
  let worker: ReturnType<typeof startKeepOpenWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startKeepOpenWorker(app);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
};
