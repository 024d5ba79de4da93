import type { Kysely, Transaction } from 'kysely';
import type { Bloque } from '../../../contracts/agenda.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { AgendaTable, Database } from '../../db/schema/index.ts';
import { appointmentsOnSlots } from '../appointments/index.ts';
import { visitTypeShower } from '../visit-types/index.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { dayNumbers, type TimeRange } from '../../lib/slots.ts';

type Db = Kysely<Database> | Transaction<Database>;

// The doctor's day is read on every look at the agenda: compiled once.
const daySlotsQuery = compiledOnce((db, id_doctor: number, fecha: string) =>
  db
    .selectFrom('agenda as a')
    .select(['a.id_agenda', 'a.fecha', 'a.hora_inicio', 'a.hora_fin', 'a.tipo', 'a.estado', 'a.descripcion', 'a.duracion_min'])
    .where('a.id_doctor', '=', id_doctor)
    .where('a.fecha', '=', fecha)
    .orderBy('a.hora_inicio'),
);

/**
 * A day's slots of one doctor, in time order, each with its active appointment if booked (its
 * type named in `language`); a slot a longer visit holds after its first one names that visit.
 */
export async function listDay(db: Db, id_doctor: number, fecha: string, language: Language): Promise<Bloque[]> {
  const { rows: slots } = await daySlotsQuery(db, id_doctor, fecha);
  const ids = slots.map((slot) => slot.id_agenda);
  const reads = appointmentsOnSlots(db);
  const [appointments, extras, typeOf] = await Promise.all([reads.active(ids), reads.extras(ids), visitTypeShower(db, language)]);
  return slots.map((slot) => {
    const found = appointments.get(slot.id_agenda);
    const cita = found ? (({ id_tipo_visita, ...visit }) => ({ ...visit, tipo_visita: typeOf(id_tipo_visita, visit.tipo) }))(found) : null;
    return { ...slot, cita, parte_de_cita: extras.get(slot.id_agenda) ?? null };
  });
}

/** The time ranges and lengths of a day's slots (what new slots must not overlap). */
export async function dayRanges(db: Db, id_doctor: number, fecha: string): Promise<(TimeRange & { duracion_min: number })[]> {
  return db
    .selectFrom('agenda')
    .select(['hora_inicio', 'hora_fin', 'duracion_min'])
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .execute();
}

/** Adds available slots; a start the day already has is skipped. Returns how many were added. */
export async function insertSlots(db: Db, id_doctor: number, fecha: string, slots: TimeRange[], duracion_min: number): Promise<number> {
  if (slots.length === 0) return 0;
  const inserted = await db
    .insertInto('agenda')
    .values(
      slots.map((slot) => ({
        id_doctor,
        fecha,
        hora_inicio: slot.hora_inicio,
        hora_fin: slot.hora_fin,
        duracion_min,
        tipo: 'Consulta' as const,
        estado: 'Disponible' as const,
        descripcion: null,
      })),
    )
    .onConflict((conflict) => conflict.columns(['id_doctor', 'fecha', 'hora_inicio']).doNothing())
    .returning('id_agenda')
    .execute();
  return inserted.length;
}

/** Slots of a day that share a minute with [hora_inicio, hora_fin) and are in one state. */
function rangeUpdate(db: Db, id_doctor: number, fecha: string, range: TimeRange, estado: AgendaTable['estado']) {
  return db
    .updateTable('agenda')
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('estado', '=', estado)
    .where('hora_inicio', '<', range.hora_fin)
    .where('hora_fin', '>', range.hora_inicio);
}

/** Available slots in the range become Bloqueado with the reason; returns how many. */
export async function blockRange(db: Db, id_doctor: number, fecha: string, range: TimeRange, motivo: string): Promise<number> {
  const result = await rangeUpdate(db, id_doctor, fecha, range, 'Disponible')
    .set({ estado: 'Bloqueado', tipo: 'Bloqueo', descripcion: motivo })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Blocked slots in the range become available consultation slots again; returns how many. */
export async function unblockRange(db: Db, id_doctor: number, fecha: string, range: TimeRange): Promise<number> {
  const result = await rangeUpdate(db, id_doctor, fecha, range, 'Bloqueado')
    .set({ estado: 'Disponible', tipo: 'Consulta', descripcion: null })
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findSlot(db: Db, id_agenda: number) {
  return db.selectFrom('agenda').selectAll().where('id_agenda', '=', id_agenda).executeTakeFirst();
}

/** Changes a blocked slot (only while it is still Bloqueado); false when it no longer is. */
export async function updateBlockedSlot(
  db: Db,
  id_agenda: number,
  change: Pick<AgendaTable, 'tipo' | 'estado' | 'descripcion'>,
): Promise<boolean> {
  const result = await db
    .updateTable('agenda')
    .set(change)
    .where('id_agenda', '=', id_agenda)
    .where('estado', '=', 'Bloqueado')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a slot that is not booked; false when it was booked meanwhile. */
export async function deleteFreeSlot(db: Db, id_agenda: number): Promise<boolean> {
  const result = await db
    .deleteFrom('agenda')
    .where('id_agenda', '=', id_agenda)
    .where('estado', '<>', 'Reservado')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Days of [from, to) with at least one blocked slot. */
export async function blockedDays(db: Db, id_doctor: number, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectFrom('agenda')
    .select('fecha')
    .distinct()
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'Bloqueado')
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .execute();
  return dayNumbers(rows);
}

/** Whether a consultation slot is still free to offer or take. */
export async function slotIsFree(db: Db, id_agenda: number): Promise<boolean> {
  const row = await db
    .selectFrom('agenda')
    .select('id_agenda')
    .where('id_agenda', '=', id_agenda)
    .where('estado', '=', 'Disponible')
    .where('tipo', '=', 'Consulta')
    .executeTakeFirst();
  return Boolean(row);
}

/** Per doctor, the consultation slots opened on [from, to] (free or booked) and how many are booked (the admin's home). */
export async function slotCountsByDoctor(db: Db, from: string, to: string) {
  return db
    .selectFrom('agenda as a')
    .select((eb) => [
      'a.id_doctor',
      eb.fn.countAll<string | number>().as('abiertos'),
      eb.fn.sum<string | number>(eb.case().when('a.estado', '=', 'Reservado').then(1).else(0).end()).as('reservados'),
    ])
    .where('a.fecha', '>=', from)
    .where('a.fecha', '<=', to)
    .where('a.tipo', '=', 'Consulta')
    .where('a.estado', 'in', ['Disponible', 'Reservado'])
    .groupBy('a.id_doctor')
    .execute();
}
