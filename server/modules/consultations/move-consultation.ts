import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

/**
 * The open consultation of a visit the desk moves follows it to the new doctor and time, keeping
 * its type and notes; a finished one stays where it happened.
 */
export async function moveOpenConsultation(
  db: Kysely<Database> | Transaction<Database>,
  id_cita: number,
  to: { id_doctor: number; fecha: string; hora: string },
): Promise<void> {
  await db.updateTable('consultas').set(to).where('id_cita', '=', id_cita).where('estado', '<>', 'finalizada').execute();
}
