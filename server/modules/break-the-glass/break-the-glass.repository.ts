import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

// The doctors' stated reasons to open a record they do not treat (accesos_urgentes).

type Db = Kysely<Database> | Transaction<Database>;

/** Records a doctor's stated reason to open a patient's record until `caduca_en` (break the glass). */
export async function insertEmergencyAccess(
  db: Db,
  values: { id_doctor: number; id_paciente: number; motivo: string; creado_en: string; caduca_en: string },
): Promise<void> {
  await db.insertInto('accesos_urgentes').values(values).execute();
}

/**
 * Until when the doctor's stated reasons for this patient's record open it, if one is still valid at
 * `now` (the latest end, when a reason was stated again).
 */
export async function emergencyAccessUntil(db: Db, id_doctor: number, id_paciente: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accesos_urgentes')
    .select('caduca_en')
    .where('id_doctor', '=', id_doctor)
    .where('id_paciente', '=', id_paciente)
    .where('caduca_en', '>', now)
    .orderBy('caduca_en', 'desc')
    .executeTakeFirst();
  return row?.caduca_en;
}

/** Whether the doctor holds a stated reason for this patient's record that is still valid at `now`. */
export async function hasEmergencyAccess(db: Db, id_doctor: number, id_paciente: number, now: string): Promise<boolean> {
  return (await emergencyAccessUntil(db, id_doctor, id_paciente, now)) !== undefined;
}
