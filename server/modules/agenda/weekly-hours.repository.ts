import type { Kysely, Transaction } from 'kysely';
import type { Franja, NuevaAusencia } from '../../../contracts/weekly-hours.ts';
import type { Database, DiasAgendaTable } from '../../db/schema/index.ts';
import type { TimeRange } from '../../lib/slots.ts';
import type { HoursVersion, WeeklySlot } from './weekly-hours.ts';
import { appointmentConditions } from '../appointments/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The version of the doctor's weekly hours saved last (the one they read back), with its start. */
export async function findWeeklyHours(db: Db, id_doctor: number) {
  const latest = await db
    .selectFrom('horarios_vigencias')
    .select('vigente_desde')
    .where('id_doctor', '=', id_doctor)
    .orderBy('vigente_desde', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return [];
  return db
    .selectFrom('horarios_semanales')
    .select(['dia_semana', 'hora_inicio', 'hora_fin', 'duracion_min', 'vigente_desde'])
    .where('id_doctor', '=', id_doctor)
    .where('vigente_desde', '=', latest.vigente_desde)
    .orderBy('dia_semana')
    .orderBy('hora_inicio')
    .execute();
}

/**
 * Every active doctor with weekly hours, with every version of them from its start, oldest first
 * (a version without ranges means no hours from its day).
 */
export async function doctorsWithHours(db: Db, only?: number): Promise<Map<number, HoursVersion[]>> {
  let query = db
    .selectFrom('horarios_vigencias as v')
    .innerJoin('doctores as d', 'd.id_doctor', 'v.id_doctor')
    .leftJoin('horarios_semanales as h', (join) => join.onRef('h.id_doctor', '=', 'v.id_doctor').onRef('h.vigente_desde', '=', 'v.vigente_desde'))
    .select(['v.id_doctor', 'v.vigente_desde', 'h.dia_semana', 'h.hora_inicio', 'h.hora_fin', 'h.duracion_min'])
    .where('d.estado', '=', 'Activo');
  if (only !== undefined) query = query.where('v.id_doctor', '=', only);
  const rows = await query.orderBy('v.id_doctor').orderBy('v.vigente_desde').orderBy('h.dia_semana').orderBy('h.hora_inicio').execute();
  const byDoctor = new Map<number, HoursVersion[]>();
  for (const row of rows) {
    const versions = byDoctor.get(row.id_doctor) ?? [];
    let version = versions.at(-1);
    if (version?.vigente_desde !== row.vigente_desde) {
      version = { vigente_desde: row.vigente_desde, franjas: [] };
      versions.push(version);
    }
    if (row.dia_semana !== null && row.hora_inicio !== null && row.hora_fin !== null && row.duracion_min !== null) {
      version.franjas.push({ dia_semana: row.dia_semana, hora_inicio: row.hora_inicio, hora_fin: row.hora_fin, duracion_min: row.duracion_min });
    }
    byDoctor.set(row.id_doctor, versions);
  }
  return byDoctor;
}

/**
 * Saves the doctor's hours from `vigente_desde` on: versions starting that day or later give way to
 * it, earlier ones stay and still make the days before it.
 */
export async function replaceWeeklyHours(db: Db, id_doctor: number, franjas: Franja[], vigente_desde: string): Promise<void> {
  await db.deleteFrom('horarios_semanales').where('id_doctor', '=', id_doctor).where('vigente_desde', '>=', vigente_desde).execute();
  await db.deleteFrom('horarios_vigencias').where('id_doctor', '=', id_doctor).where('vigente_desde', '>=', vigente_desde).execute();
  await db.insertInto('horarios_vigencias').values({ id_doctor, vigente_desde }).execute();
  if (franjas.length === 0) return;
  await db
    .insertInto('horarios_semanales')
    .values(franjas.map((franja) => ({ id_doctor, ...franja, vigente_desde })))
    .execute();
}

/** The days of [from, to) the generator or the doctor already dealt with, by date. */
export async function markedDays(db: Db, id_doctor: number, from: string, to: string) {
  const rows = await db
    .selectFrom('dias_agenda')
    .select(['fecha', 'origen'])
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .execute();
  return new Map(rows.map((row) => [row.fecha, row.origen]));
}

/** Days of [from, to) that hold at least one slot. */
export async function daysWithSlots(db: Db, id_doctor: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('agenda')
    .select('fecha')
    .distinct()
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .execute();
  return new Set(rows.map((row) => row.fecha));
}

/**
 * Claims days for one origin: inserts their markers, skipping days some instance (or the doctor)
 * already marked, and returns the days this call claimed. On PostgreSQL a second instance racing
 * for the same day waits for the first one's commit and then claims nothing.
 */
export async function claimDays(db: Db, id_doctor: number, fechas: string[], origen: DiasAgendaTable['origen'], creado_en: string): Promise<string[]> {
  if (fechas.length === 0) return [];
  const rows = await db
    .insertInto('dias_agenda')
    .values(fechas.map((fecha) => ({ id_doctor, fecha, origen, creado_en })))
    .onConflict((conflict) => conflict.columns(['id_doctor', 'fecha']).doNothing())
    .returning('fecha')
    .execute();
  return rows.map((row) => row.fecha);
}

/** The doctor changed this day by hand: from now on the generator leaves it alone. */
export async function markManualDay(db: Db, id_doctor: number, fecha: string, creado_en: string): Promise<void> {
  await db
    .insertInto('dias_agenda')
    .values({ id_doctor, fecha, origen: 'manual', creado_en })
    .onConflict((conflict) => conflict.columns(['id_doctor', 'fecha']).doUpdateSet({ origen: 'manual' }))
    .execute();
}

/** The generated days of a doctor from a date on. */
export async function generatedDaysFrom(db: Db, id_doctor: number, from: string, to?: string): Promise<string[]> {
  let query = db
    .selectFrom('dias_agenda')
    .select('fecha')
    .where('id_doctor', '=', id_doctor)
    .where('origen', '=', 'semanal')
    .where('fecha', '>=', from);
  if (to !== undefined) query = query.where('fecha', '<=', to);
  return (await query.orderBy('fecha').execute()).map((row) => row.fecha);
}

/** The manual days of a doctor in [from, to]. */
export async function manualDaysBetween(db: Db, id_doctor: number, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('dias_agenda')
    .select('fecha')
    .where('id_doctor', '=', id_doctor)
    .where('origen', '=', 'manual')
    .where('fecha', '>=', from)
    .where('fecha', '<=', to)
    .execute();
  return rows.map((row) => row.fecha);
}

/** Inserts generated slots in chunks; a start the day already has is skipped. */
export async function insertGeneratedSlots(db: Db, rows: { id_doctor: number; fecha: string; slot: WeeklySlot }[]): Promise<number> {
  let inserted = 0;
  for (let index = 0; index < rows.length; index += 500) {
    const chunk = rows.slice(index, index + 500);
    const result = await db
      .insertInto('agenda')
      .values(
        chunk.map(({ id_doctor, fecha, slot }) => ({
          id_doctor,
          fecha,
          hora_inicio: slot.hora_inicio,
          hora_fin: slot.hora_fin,
          duracion_min: slot.duracion_min,
          tipo: 'Consulta' as const,
          estado: 'Disponible' as const,
          descripcion: null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['id_doctor', 'fecha', 'hora_inicio']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return inserted;
}

/** A day's slots with whether any visit (even a cancelled one) points at them. */
export async function daySlots(db: Db, id_doctor: number, fecha: string) {
  return db
    .selectFrom('agenda as a')
    .select([
      'a.id_agenda',
      'a.hora_inicio',
      'a.hora_fin',
      'a.duracion_min',
      'a.estado',
      (eb) => eb.exists(appointmentConditions.anyOnSlot(db, 'a.id_agenda')).as('con_citas'),
    ])
    .where('a.id_doctor', '=', id_doctor)
    .where('a.fecha', '=', fecha)
    .orderBy('a.hora_inicio')
    .execute();
}

export async function deleteSlots(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('agenda').where('id_agenda', 'in', ids).where('estado', '<>', 'Reservado').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Free slots that a closed range takes, kept because visits of the past point at them. */
export async function closeSlots(db: Db, ids: number[], motivo: string): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('agenda')
    .set({ estado: 'Bloqueado', tipo: 'Bloqueo', descripcion: motivo })
    .where('id_agenda', 'in', ids)
    .where('estado', '=', 'Disponible')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function reopenSlots(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('agenda')
    .set({ estado: 'Disponible', tipo: 'Consulta', descripcion: null })
    .where('id_agenda', 'in', ids)
    .where('estado', '=', 'Bloqueado')
    .execute();
}

/** Available slots of a day in a range become Bloqueado with the reason (a manual day in an absence). */
export async function blockFreeSlots(db: Db, id_doctor: number, fecha: string, range: TimeRange, motivo: string): Promise<number> {
  const result = await db
    .updateTable('agenda')
    .set({ estado: 'Bloqueado', tipo: 'Bloqueo', descripcion: motivo })
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('estado', '=', 'Disponible')
    .where('hora_inicio', '<', range.hora_fin)
    .where('hora_fin', '>', range.hora_inicio)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertAbsence(db: Db, id_doctor: number, input: NuevaAusencia, creado_en: string) {
  return db
    .insertInto('ausencias')
    .values({
      id_doctor,
      fecha_inicio: input.fecha_inicio,
      fecha_fin: input.fecha_fin,
      hora_inicio: input.hora_inicio ?? null,
      hora_fin: input.hora_fin ?? null,
      motivo: input.motivo,
      creado_en,
    })
    .returning(['id_ausencia', 'id_doctor', 'fecha_inicio', 'fecha_fin', 'hora_inicio', 'hora_fin', 'motivo'])
    .executeTakeFirstOrThrow();
}

export async function findAbsence(db: Db, id_ausencia: number) {
  return db
    .selectFrom('ausencias')
    .select(['id_ausencia', 'id_doctor', 'fecha_inicio', 'fecha_fin', 'hora_inicio', 'hora_fin', 'motivo'])
    .where('id_ausencia', '=', id_ausencia)
    .executeTakeFirst();
}

/** A doctor's absences that end on or after a date, in date order. */
export async function absencesFrom(db: Db, id_doctor: number, from: string, to?: string) {
  let query = db
    .selectFrom('ausencias')
    .select(['id_ausencia', 'id_doctor', 'fecha_inicio', 'fecha_fin', 'hora_inicio', 'hora_fin', 'motivo'])
    .where('id_doctor', '=', id_doctor)
    .where('fecha_fin', '>=', from);
  if (to !== undefined) query = query.where('fecha_inicio', '<', to);
  return query.orderBy('fecha_inicio').orderBy('id_ausencia').execute();
}

export async function deleteAbsence(db: Db, id_ausencia: number): Promise<void> {
  await db.deleteFrom('ausencias').where('id_ausencia', '=', id_ausencia).execute();
}

