import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One slot as settling a freed one reads it. */
export async function findSlotToSettle(db: Db, id_agenda: number) {
  return db
    .selectFrom('agenda')
    .select(['id_agenda', 'id_doctor', 'fecha', 'hora_inicio', 'hora_fin', 'estado'])
    .where('id_agenda', '=', id_agenda)
    .executeTakeFirst();
}

/** Whether any visit, even a cancelled one, points at the slot (then it can be blocked, not deleted). */
export async function slotHasVisits(db: Db, id_agenda: number): Promise<boolean> {
  return (await db.selectFrom('citas').select('id_cita').where('id_agenda', '=', id_agenda).executeTakeFirst()) !== undefined;
}
