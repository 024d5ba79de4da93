import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import type { Database, DoctoresTable } from '../../db/schema/index.ts';
import { specialtyNameColumn } from '../specialties/index.ts';
import { personalDataColumns } from '../accounts/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DoctorData {
  numero_colegiado: string;
  id_especialidad: number;
}

export async function insertDoctor(
  db: Db,
  values: DoctorData & { id_usuario: number; fecha_alta: string; creado_automaticamente: boolean },
): Promise<number> {
  const row = await db
    .insertInto('doctores')
    .values({
      id_usuario: values.id_usuario,
      numero_colegiado: values.numero_colegiado,
      id_especialidad: values.id_especialidad,
      horario: null,
      estado: 'Activo',
      fecha_alta: values.fecha_alta,
      fecha_baja: null,
      creado_automaticamente: values.creado_automaticamente ? 1 : 0,
    })
    .returning('id_doctor')
    .executeTakeFirstOrThrow();
  return row.id_doctor;
}

export async function findDoctorOfUser(db: Db, id_usuario: number) {
  return db.selectFrom('doctores').selectAll().where('id_usuario', '=', id_usuario).executeTakeFirst();
}

/** Whether another account (any, even a former doctor) holds the registration number. */
export async function colegiadoTaken(db: Db, numero_colegiado: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('doctores').select('id_doctor').where('numero_colegiado', '=', numero_colegiado);
  if (exceptUserId !== undefined) query = query.where('id_usuario', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function updateDoctor(
  db: Db,
  id_doctor: number,
  changes: Partial<Pick<DoctoresTable, 'numero_colegiado' | 'id_especialidad' | 'estado' | 'fecha_baja' | 'creado_automaticamente'>>,
): Promise<void> {
  await db.updateTable('doctores').set(changes).where('id_doctor', '=', id_doctor).execute();
}

/** Marks a doctor profile as ended (role change or deleted account); agenda and history stay. */
export async function endDoctorProfile(db: Db, id_usuario: number, fecha_baja: string): Promise<void> {
  await db
    .updateTable('doctores')
    .set({ estado: 'Inactivo', fecha_baja })
    .where('id_usuario', '=', id_usuario)
    .where('estado', '=', 'Activo')
    .execute();
}

/** The doctor's profile with the personal data of the account and the specialty's name. */
export async function findDoctorProfile(db: Db, id_doctor: number, language: Language) {
  return db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'd.id_doctor',
      'd.numero_colegiado',
      'd.id_especialidad',
      `${specialtyNameColumn(language)} as especialidad`,
      'd.horario',
      'd.estado',
      'd.fecha_alta',
      'd.fecha_baja',
      'd.creado_automaticamente',
      ...personalDataColumns,
    ])
    .where('d.id_doctor', '=', id_doctor)
    .executeTakeFirst();
}

/**
 * The doctor's usual slot length. `lock` (PostgreSQL) makes one agenda writer per doctor at a time:
 * NO KEY UPDATE, not UPDATE, so a booking's foreign-key check on the doctor (KEY SHARE) does not
 * wait for it, or a booking holding the slot and this holding the doctor would deadlock.
 */
export async function findDoctorInterval(db: Db, id_doctor: number, lock = false) {
  return db
    .selectFrom('doctores')
    .select(['id_doctor', 'intervalo_min'])
    .where('id_doctor', '=', id_doctor)
    .$if(lock, (query) => query.forNoKeyUpdate())
    .executeTakeFirst();
}

export async function setDoctorInterval(db: Db, id_doctor: number, intervalo_min: number): Promise<void> {
  await db.updateTable('doctores').set({ intervalo_min }).where('id_doctor', '=', id_doctor).execute();
}
