import type { Kysely, Transaction } from 'kysely';
import type { NuevoCierre } from '../../../contracts/relocate.ts';
import type { Database, FestivosClinicaTable } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

const closureColumns = ['id_cierre', 'fecha_inicio', 'fecha_fin', 'motivo'] as const;

export async function insertClosure(db: Db, input: NuevoCierre, creado_en: string) {
  return db
    .insertInto('cierres_clinica')
    .values({ fecha_inicio: input.fecha_inicio, fecha_fin: input.fecha_fin, motivo: input.motivo, creado_en })
    .returning(closureColumns)
    .executeTakeFirstOrThrow();
}

export async function findClosure(db: Db, id_cierre: number) {
  return db.selectFrom('cierres_clinica').select(closureColumns).where('id_cierre', '=', id_cierre).executeTakeFirst();
}

export async function deleteClosure(db: Db, id_cierre: number): Promise<boolean> {
  const result = await db.deleteFrom('cierres_clinica').where('id_cierre', '=', id_cierre).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Closures that end on or after `from` (and, with `to`, start on or before it), in date order. */
export async function closuresFrom(db: Db, from: string, to?: string) {
  let query = db.selectFrom('cierres_clinica').select(closureColumns).where('fecha_fin', '>=', from);
  if (to !== undefined) query = query.where('fecha_inicio', '<=', to);
  return query.orderBy('fecha_inicio').orderBy('id_cierre').execute();
}

/** The clinic's own holiday entries between two dates (both included). */
export async function clinicHolidayEntries(db: Db, from: string, to: string) {
  return db
    .selectFrom('festivos_clinica')
    .select(['fecha', 'tipo', 'nombre'])
    .where('fecha', '>=', from)
    .where('fecha', '<=', to)
    .orderBy('fecha')
    .execute();
}

export async function findClinicHoliday(db: Db, fecha: string) {
  return db.selectFrom('festivos_clinica').select(['fecha', 'tipo', 'nombre']).where('fecha', '=', fecha).executeTakeFirst();
}

/** Adds an entry unless the day already has one; answers whether it was added. */
export async function insertClinicHoliday(db: Db, entry: Omit<FestivosClinicaTable, 'creado_en'>, creado_en: string): Promise<boolean> {
  const inserted = await db
    .insertInto('festivos_clinica')
    .values({ ...entry, creado_en })
    .onConflict((conflict) => conflict.column('fecha').doNothing())
    .returning('fecha')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteClinicHoliday(db: Db, fecha: string): Promise<boolean> {
  const result = await db.deleteFrom('festivos_clinica').where('fecha', '=', fecha).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every doctor with a slot or a generated day between two dates (both included): the agendas a clinic-wide change touches. */
export async function doctorsWithDays(db: Db, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectFrom('dias_agenda')
    .select('id_doctor')
    .where('fecha', '>=', from)
    .where('fecha', '<=', to)
    .union(db.selectFrom('agenda').select('id_doctor').where('fecha', '>=', from).where('fecha', '<=', to))
    .execute();
  return [...new Set(rows.map((row) => row.id_doctor))].sort((a, b) => a - b);
}
