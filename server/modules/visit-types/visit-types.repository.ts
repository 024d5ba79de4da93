import type { Kysely, Selectable, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database, TiposVisitaTable } from '../../db/schema/index.ts';

// The catalogue of visit types (tipos_visita) and each doctor's offer (tipos_visita_doctor).

type Db = Kysely<Database> | Transaction<Database>;
export type VisitTypeRow = Selectable<TiposVisitaTable>;

// Every list of visits names their types from the catalogue (a patient's history, the doctor's
// day, the homes): its two reads are compiled once.
const wholeCatalogue = compiledOnce((db) => db.selectFrom('tipos_visita').selectAll().orderBy('id_tipo'));
const activeCatalogue = compiledOnce((db) => db.selectFrom('tipos_visita').selectAll().where('activo', '=', 1).orderBy('id_tipo'));

export async function listVisitTypes(db: Db, onlyActive: boolean): Promise<VisitTypeRow[]> {
  return (await (onlyActive ? activeCatalogue : wholeCatalogue)(db)).rows;
}

export async function findVisitType(db: Db, id_tipo: number): Promise<VisitTypeRow | undefined> {
  return db.selectFrom('tipos_visita').selectAll().where('id_tipo', '=', id_tipo).executeTakeFirst();
}

export async function findVisitTypeByKey(db: Db, clave: string): Promise<VisitTypeRow | undefined> {
  return db.selectFrom('tipos_visita').selectAll().where('clave', '=', clave).executeTakeFirst();
}

/** Another type already called `nombre` in that language (names must tell types apart). */
export async function nameTaken(db: Db, names: { nombre_es: string; nombre_ca: string; nombre_en: string }, except?: number): Promise<boolean> {
  const row = await db
    .selectFrom('tipos_visita')
    .select('id_tipo')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['nombre_es']), '=', names.nombre_es.toLowerCase()),
        eb(eb.fn('lower', ['nombre_ca']), '=', names.nombre_ca.toLowerCase()),
        eb(eb.fn('lower', ['nombre_en']), '=', names.nombre_en.toLowerCase()),
      ]),
    )
    .$if(except !== undefined, (query) => query.where('id_tipo', '<>', except as number))
    .executeTakeFirst();
  return row !== undefined;
}

type TypeValues = Omit<TiposVisitaTable, 'id_tipo' | 'clave' | 'creado_en' | 'actualizado_en' | 'margen_min' | 'activo'> & { margen_min: number; activo: number };

export async function insertVisitType(db: Db, values: TypeValues, stamp: string): Promise<number> {
  const row = await db
    .insertInto('tipos_visita')
    .values({ ...values, clave: null, creado_en: stamp, actualizado_en: stamp })
    .returning('id_tipo')
    .executeTakeFirstOrThrow();
  return row.id_tipo;
}

export async function updateVisitType(db: Db, id_tipo: number, values: TypeValues, stamp: string): Promise<boolean> {
  const result = await db.updateTable('tipos_visita').set({ ...values, actualizado_en: stamp }).where('id_tipo', '=', id_tipo).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The doctor's chosen types with their own length; empty while they have not chosen (they offer every active type). */
export async function doctorOffer(db: Db, id_doctor: number): Promise<{ id_tipo: number; duracion_min: number | null }[]> {
  return db.selectFrom('tipos_visita_doctor').select(['id_tipo', 'duracion_min']).where('id_doctor', '=', id_doctor).execute();
}

export async function replaceDoctorOffer(db: Db, id_doctor: number, tipos: { id_tipo: number; duracion_min: number | null }[]): Promise<void> {
  await db.deleteFrom('tipos_visita_doctor').where('id_doctor', '=', id_doctor).execute();
  if (tipos.length > 0) await db.insertInto('tipos_visita_doctor').values(tipos.map((tipo) => ({ id_doctor, ...tipo }))).execute();
}
