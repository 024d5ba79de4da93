import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

/**
 * An appointment moved by the front desk takes its unfinished consultation with it (new time,
 * maybe another doctor of the same specialty), keeping its type and notes; false when it has none.
 */
export async function moveOpenConsultation(
  db: Kysely<Database> | Transaction<Database>,
  id_cita: number,
  to: { id_doctor: number; fecha: string; hora: string },
): Promise<boolean> {
  const result = await db
    .updateTable('consultas')
    .set({ id_doctor: to.id_doctor, fecha: to.fecha, hora: to.hora })
    .where('id_cita', '=', id_cita)
    .where('estado', '<>', 'finalizada')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
