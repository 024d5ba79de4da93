import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

// Writes of a visit's day: arrival, undoing it, the doctor calling the patient in, the desk's
// no-show. Each is one conditional update, so of two desks (or a desk and the doctor) changing the
// same visit at once exactly one changes the row; the other sees false and is told why.

type Db = Kysely<Database> | Transaction<Database>;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

/** The patient is here: only a confirmed visit not yet arrived nor closed. */
export async function recordArrival(db: Db, id_cita: number, llegada_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ llegada_en, actualizado_en: llegada_en })
    .where('id_cita', '=', id_cita)
    .where('estado', '=', 'Confirmada')
    .where('llegada_en', 'is', null)
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** A mistaken check-in undone: only while the patient still waits (not called in, not closed). */
export async function undoArrival(db: Db, id_cita: number, actualizado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ llegada_en: null, actualizado_en })
    .where('id_cita', '=', id_cita)
    .where('estado', '=', 'Confirmada')
    .where('llegada_en', 'is not', null)
    .where('en_consulta_en', 'is', null)
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** The doctor calls a waiting patient in: only an arrived patient of that doctor not yet called nor closed. */
export async function callIn(db: Db, id_cita: number, id_doctor: number, en_consulta_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ en_consulta_en, actualizado_en: en_consulta_en })
    .where('id_cita', '=', id_cita)
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'Confirmada')
    .where('llegada_en', 'is not', null)
    .where('en_consulta_en', 'is', null)
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** The desk says the patient did not come: only a confirmed visit nobody checked in and still open. */
export async function recordDeskNoShow(db: Db, id_cita: number, actualizado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ asistencia: 'No presentado', actualizado_en })
    .where('id_cita', '=', id_cita)
    .where('estado', '=', 'Confirmada')
    .where('llegada_en', 'is', null)
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

/** Marks a visit the desk made as an extra one (outside the agenda's slots). */
export async function markExtra(db: Db, id_cita: number): Promise<void> {
  await db.updateTable('citas').set({ extra: 1 }).where('id_cita', '=', id_cita).execute();
}
