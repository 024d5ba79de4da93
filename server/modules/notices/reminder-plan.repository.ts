import type { Kysely, Transaction } from 'kysely';
import type { PasoRecordatorio } from '../../../contracts/notices.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The clinic's reminder plan, earliest reminder first. */
export async function readPlan(db: Db): Promise<PasoRecordatorio[]> {
  const rows = await db.selectFrom('plan_recordatorios').select(['canal', 'horas_antes']).orderBy('horas_antes', 'desc').orderBy('orden').execute();
  return rows.map((row) => ({ canal: row.canal, horas_antes: Number(row.horas_antes) }));
}

/** Replaces the plan (in the caller's transaction). */
export async function replacePlan(trx: Transaction<Database>, pasos: PasoRecordatorio[]): Promise<void> {
  await trx.deleteFrom('plan_recordatorios').execute();
  if (pasos.length > 0) await trx.insertInto('plan_recordatorios').values(pasos.map((paso, index) => ({ orden: index + 1, ...paso }))).execute();
}

export interface PatientSwitches {
  recordatorio_correo: boolean;
  sms: boolean;
}

/** A patient's switches; a patient who never changed them has both on. */
export async function readSwitches(db: Db, id_paciente: number): Promise<PatientSwitches> {
  const row = await db
    .selectFrom('avisos_paciente')
    .select(['recordatorio_correo', 'avisos_sms'])
    .where('id_paciente', '=', id_paciente)
    .executeTakeFirst();
  return { recordatorio_correo: row ? Number(row.recordatorio_correo) === 1 : true, sms: row ? Number(row.avisos_sms) === 1 : true };
}

export async function saveSwitches(db: Db, id_paciente: number, switches: PatientSwitches, now: string): Promise<void> {
  const values = { recordatorio_correo: switches.recordatorio_correo ? 1 : 0, avisos_sms: switches.sms ? 1 : 0, actualizado_en: now };
  await db
    .insertInto('avisos_paciente')
    .values({ id_paciente, ...values })
    .onConflict((oc) => oc.column('id_paciente').doUpdateSet(values))
    .execute();
}
