import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { addDays, localDate, localTime } from '../../lib/clock.ts';
import { relocation, type RelocationCause } from '../appointments/index.ts';
import { doctorsWithDays } from './closures.repository.ts';
import { regenerateDays } from './keep-open.ts';
import { WHOLE_DAY } from './weekly-hours.ts';
import { blockFreeSlots, daysWithSlots, generatedDaysFrom } from './weekly-hours.repository.ts';

/**
 * Brings every agenda in line with the clinic's calendar on [from, to], once the calendar row has
 * changed in `trx`: generated days are regenerated (free slots of a closed day go, a reopened day
 * gets its weekly hours back), and days opened by hand get their free slots blocked when the day
 * closes. Booked slots are never touched. Answers how many free slots closed.
 */
export async function followClinicCalendar(app: FastifyInstance, trx: Transaction<Database>, from: string, to: string, motivo: string, closing: boolean) {
  let closed = 0;
  for (const id_doctor of await doctorsWithDays(trx, from, to)) {
    const generated = await generatedDaysFrom(trx, id_doctor, from, to);
    closed += await regenerateDays(app, trx, id_doctor, generated, motivo);
    if (!closing) continue;
    const made = new Set(generated);
    for (const fecha of [...(await daysWithSlots(trx, id_doctor, from, addDays(to, 1)))].sort()) {
      if (!made.has(fecha)) closed += await blockFreeSlots(trx, id_doctor, fecha, WHOLE_DAY, motivo);
    }
  }
  return closed;
}

/** The visits still to come on closed days [from, to] wait for the desk. */
export function markClosedDays(app: FastifyInstance, trx: Transaction<Database>, from: string, to: string, cause: RelocationCause) {
  const now = app.clock.now();
  return relocation(trx, app).markDays(from, to, { today: localDate(now, app.config.timeZone), time: localTime(now, app.config.timeZone) }, cause);
}
