import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { appointmentsWithPeople } from './appointment-reads.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a one-tap link needs of its visit: when, its state, its doctor's name, its patient's account (the seal). */
export async function findOneTapVisit(db: Db, id_cita: number) {
  return appointmentsWithPeople(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.estado',
      'c.confirmada_paciente_en',
      'c.id_paciente',
      'up.id_usuario',
      'up.nombre_usuario',
      'up.nombre',
      'up.idioma',
      'up.contrasena_hash',
      'ud.nombre as doctor_nombre',
      'ud.apellido1 as doctor_apellido1',
      'ud.apellido2 as doctor_apellido2',
    ])
    .where('c.id_cita', '=', id_cita)
    .executeTakeFirst();
}

export async function linkUsed(db: Db, firma: string): Promise<boolean> {
  return (await db.selectFrom('enlaces_usados').select('firma').where('firma', '=', firma).executeTakeFirst()) !== undefined;
}

/** Marks a link used; false when it already was (another tap got there first). */
export async function useLink(db: Db, values: { firma: string; id_cita: number; accion: string; usado_en: string }): Promise<boolean> {
  const result = await db.insertInto('enlaces_usados').values(values).onConflict((oc) => oc.column('firma').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The patient says they will come: kept on the visit, for the desk and the doctor. */
export async function setConfirmedByPatient(db: Db, id_cita: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ confirmada_paciente_en: at })
    .where('id_cita', '=', id_cita)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
