import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { NoticeData } from './notice-data.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** What a removed person's name becomes in the copies notices keep. */
const REMOVED = '—';

/** A notice's `datos` without the name, e-mail and phone of `who`. */
export function scrubbedData(datos: string, who: 'paciente' | 'doctor'): string {
  const data = JSON.parse(datos) as Partial<NoticeData>;
  if (data.visit) {
    data.visit =
      who === 'paciente'
        ? { ...data.visit, paciente_nombre: REMOVED, paciente_apellido1: REMOVED, paciente_correo: '', paciente_telefono: null }
        : { ...data.visit, doctor_nombre: REMOVED, doctor_apellido1: REMOVED, doctor_apellido2: null, doctor_correo: '' };
  }
  if (who === 'paciente') delete data.telefono;
  return JSON.stringify(data);
}

/**
 * A removed account's name, e-mail and phone leave the copies kept in the notices of its visits
 * (in the removal's transaction). Notices still waiting for the removed person are not sent; a
 * notice to the other side of the visit still waiting (the doctor told that the patient left)
 * keeps the name until it goes, and loses it then (runDueNotices).
 */
export async function forgetInNotices(trx: Transaction<Database>, id_usuario: number, now: string): Promise<void> {
  const patientVisits = trx
    .selectFrom('citas')
    .select('id_cita')
    .where('id_paciente', 'in', trx.selectFrom('pacientes').select('id_paciente').where('id_usuario', '=', id_usuario));
  const doctorVisits = trx
    .selectFrom('citas')
    .select('id_cita')
    .where('id_doctor', 'in', trx.selectFrom('doctores').select('id_doctor').where('id_usuario', '=', id_usuario));
  for (const [who, visits] of [
    ['paciente', patientVisits],
    ['doctor', doctorVisits],
  ] as const) {
    await trx
      .updateTable('notificaciones')
      .set({ estado: 'cancelado', error: 'cuenta_eliminada', actualizado_en: now })
      .where('id_cita', 'in', visits)
      .where('destinatario', '=', who)
      .where('estado', '=', 'pendiente')
      .execute();
    const rows = await trx
      .selectFrom('notificaciones')
      .select(['id_notificacion', 'datos'])
      .where('id_cita', 'in', visits)
      .where((eb) => eb.or([eb('estado', '<>', 'pendiente'), eb('destinatario', '=', who)]))
      .execute();
    for (const row of rows) {
      await trx.updateTable('notificaciones').set({ datos: scrubbedData(row.datos, who) }).where('id_notificacion', '=', row.id_notificacion).execute();
    }
  }
}

/** Forgets the patient in a notice just sent about their leaving. */
export async function forgetPatientInNotice(db: Db, id_notificacion: number, datos: string): Promise<void> {
  await db.updateTable('notificaciones').set({ datos: scrubbedData(datos, 'paciente') }).where('id_notificacion', '=', id_notificacion).execute();
}
