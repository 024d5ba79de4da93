import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { addDays } from '../../lib/clock.ts';
import { clinicDays } from './clinic-days.ts';
import { clinicHolidays, closedOn } from './keep-open.ts';
import { absencesFrom, closeSlots, deleteSlots, markedDays } from './weekly-hours.repository.ts';
import { expandDay, type ClosedRange } from './weekly-hours.ts';
import { findSlotToSettle, slotHasVisits } from './freed-slot.repository.ts';
import { hoursInForce } from './hours-in-force.ts';

type Db = Kysely<Database> | Transaction<Database>;

const hhmm = (time: string) => time.slice(0, 5);
const inside = (slot: { hora_inicio: string; hora_fin: string }, range: ClosedRange) =>
  hhmm(slot.hora_inicio) < range.hora_fin && range.hora_inicio < hhmm(slot.hora_fin);

/** What a slot closed because the doctor no longer works then says to the doctor. */
const OUTSIDE_HOURS = 'Fuera del horario';

/**
 * A slot a visit has just let go (cancelled, rejected, moved away), settled in the same
 * transaction: it stays free only where the doctor works now. On a day made from weekly hours it
 * must be one of the slots the hours in force make, less absences and closed days; on a day opened
 * by hand it must only stay out of absences and closed days. Otherwise it goes: deleted, or blocked
 * when a visit of the past still points at it. So it is never bookable nor offered to the waitlist.
 */
export async function settleFreedSlot(app: Pick<FastifyInstance, 'config'>, db: Db, id_agenda: number): Promise<void> {
  const slot = await findSlotToSettle(db, id_agenda);
  if (!slot || slot.estado !== 'Disponible') return;
  const { id_doctor, fecha } = slot;
  const next = addDays(fecha, 1);
  const origin = (await markedDays(db, id_doctor, fecha, next)).get(fecha);
  const absences = await absencesFrom(db, id_doctor, fecha, next);
  const closed = closedOn(await clinicDays(db, clinicHolidays(app), fecha, fecha), absences, fecha);
  const fits =
    origin === 'semanal'
      ? expandDay(await hoursInForce(db, id_doctor, fecha), fecha, closed, app.config.timeZone).some(
          (made) => made.hora_inicio === hhmm(slot.hora_inicio) && made.hora_fin === hhmm(slot.hora_fin),
        )
      : !closed.some((range) => inside(slot, range));
  if (fits) return;
  const absence = absences.find((span) => span.fecha_inicio <= fecha && fecha <= span.fecha_fin);
  if (await slotHasVisits(db, id_agenda)) await closeSlots(db, [id_agenda], absence?.motivo ?? OUTSIDE_HOURS);
  else await deleteSlots(db, [id_agenda]);
}
