import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import { fullName } from '../../../contracts/names.ts';
import type { CitasTable, Database } from '../../db/schema/index.ts';
import { appointmentsWithPeople } from './appointment-reads.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Why a visit waits for the desk: a clinic closure or its doctor's absence (ref: its id; null for a holiday). */
export interface RelocationCause {
  causa: NonNullable<CitasTable['reubicar_causa']>;
  ref: number | null;
  motivo: string;
}

const ACTIVE = ['pendiente', 'Confirmada'] as const;

/** Marks active visits as waiting to be relocated; one already marked keeps its first cause. The ones marked now. */
export async function markForRelocation(db: Db, ids: readonly number[], cause: RelocationCause): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('citas')
    .set({ reubicar_causa: cause.causa, reubicar_ref: cause.ref, reubicar_motivo: cause.motivo })
    .where('id_cita', 'in', [...ids])
    .where('estado', 'in', ACTIVE)
    .where('reubicar_causa', 'is', null)
    .returning('id_cita')
    .execute();
  return rows.map((row) => row.id_cita);
}

/** The active visits of every doctor between two days (both included) still to come after `today` `time`. */
export async function activeVisitsOnDays(db: Db, from: string, to: string, today: string, time: string): Promise<number[]> {
  const rows = await db
    .selectFrom('citas')
    .select('id_cita')
    .where('estado', 'in', ACTIVE)
    .where('fecha', '>=', from)
    .where('fecha', '<=', to)
    .where((eb) => eb.or([eb('fecha', '>', today), eb('hora', '>', time)]))
    .execute();
  return rows.map((row) => row.id_cita);
}

/** Ends the wait of visits marked for one cause (its closure, holiday or absence went away) on [from, to]. */
export async function clearRelocation(db: Db, cause: Omit<RelocationCause, 'motivo'>, from: string, to: string): Promise<number> {
  let query = db
    .updateTable('citas')
    .set({ reubicar_causa: null, reubicar_ref: null, reubicar_motivo: null })
    .where('reubicar_causa', '=', cause.causa)
    .where('fecha', '>=', from)
    .where('fecha', '<=', to);
  query = cause.ref === null ? query.where('reubicar_ref', 'is', null) : query.where('reubicar_ref', '=', cause.ref);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const specialtyName = { es: 'e.nombre', ca: 'e.nombre_ca', en: 'e.nombre_en' } as const;

/** The visits waiting for the desk, soonest first: identity and contact of the patient only. */
export async function listToRelocate(db: Db, language: Language) {
  const rows = await appointmentsWithPeople(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.estado',
      'c.id_doctor',
      'c.id_paciente',
      'c.reubicar_causa',
      'c.reubicar_motivo',
      'd.id_especialidad',
      `${specialtyName[language]} as especialidad`,
      'ud.nombre as doctor_nombre',
      'ud.apellido1 as doctor_apellido1',
      'ud.apellido2 as doctor_apellido2',
      'up.nombre',
      'up.apellido1',
      'up.apellido2',
      'up.telefono',
      'up.correo',
    ])
    .where('c.reubicar_causa', 'is not', null)
    .where('c.estado', 'in', ACTIVE)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .limit(1000)
    .execute();
  return rows.map((row) => ({
    id_cita: row.id_cita,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    estado: row.estado,
    id_doctor: row.id_doctor,
    doctor: fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: row.doctor_apellido2 }),
    id_especialidad: row.id_especialidad,
    especialidad: row.especialidad,
    id_paciente: row.id_paciente,
    paciente: fullName(row),
    telefono: row.telefono,
    correo: row.correo || null,
    causa: row.reubicar_causa as RelocationCause['causa'],
    motivo_causa: row.reubicar_motivo ?? '',
  }));
}

/** A visit as the desk moves or cancels it, with its doctor's specialty. */
export async function findRelocatable(db: Db, id_cita: number) {
  return db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .select([
      'c.id_cita',
      'c.id_agenda',
      'c.id_doctor',
      'c.id_paciente',
      'c.fecha',
      'c.hora',
      'c.motivo',
      'c.estado',
      'c.recordatorio',
      'c.reubicar_causa',
      'c.reubicar_motivo',
      'c.duracion_min',
      'd.id_especialidad',
    ])
    .where('c.id_cita', '=', id_cita)
    .executeTakeFirst();
}

/** A slot with its doctor's specialty and name: where the desk may move a visit. */
export async function findTargetSlot(db: Db, id_agenda: number) {
  const row = await db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select(['a.id_agenda', 'a.id_doctor', 'a.fecha', 'a.hora_inicio', 'a.tipo', 'a.estado', 'd.id_especialidad', 'd.estado as doctor_estado', 'u.nombre', 'u.apellido1', 'u.apellido2'])
    .where('a.id_agenda', '=', id_agenda)
    .executeTakeFirst();
  return row && { ...row, hora: row.hora_inicio.slice(0, 5), doctor: fullName(row) };
}

/** The visit moves to another slot (maybe another doctor's) and stops waiting; conditional on it still waiting on its old slot. */
export async function relocateAppointment(
  db: Db,
  move: { id_cita: number; from_agenda: number; id_agenda: number; id_doctor: number; fecha: string; hora: string; actualizado_en: string },
): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set((eb) => ({
      id_agenda: move.id_agenda,
      id_doctor: move.id_doctor,
      fecha: move.fecha,
      hora: move.hora,
      actualizado_en: move.actualizado_en,
      secuencia: eb('secuencia', '+', 1),
      reubicar_causa: null,
      reubicar_ref: null,
      reubicar_motivo: null,
    }))
    .where('id_cita', '=', move.id_cita)
    .where('id_agenda', '=', move.from_agenda)
    .where('estado', 'in', ACTIVE)
    .where('reubicar_causa', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The desk calls a waiting visit off with a reason the patient reads; conditional on it still waiting. */
export async function cancelWaitingAppointment(db: Db, id_cita: number, motivo: string, actualizado_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set((eb) => ({
      estado: 'Cancelada' as const,
      cancelada_por: 'clinica' as const,
      motivo_rechazo: motivo,
      actualizado_en,
      secuencia: eb('secuencia', '+', 1),
      reubicar_causa: null,
      reubicar_ref: null,
      reubicar_motivo: null,
    }))
    .where('id_cita', '=', id_cita)
    .where('estado', 'in', ACTIVE)
    .where('reubicar_causa', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The slot a waiting visit leaves is on a closed day or inside an absence: it is let go blocked,
 * with the cause as its description, never offered again until the day reopens.
 */
export async function leaveSlotClosed(db: Db, id_agenda: number, motivo: string): Promise<void> {
  await db.updateTable('agenda').set({ estado: 'Bloqueado', descripcion: motivo }).where('id_agenda', '=', id_agenda).where('estado', '=', 'Reservado').execute();
}

/**
 * Free consultation slots of doctors of a specialty after a moment, soonest first: `limit` of them.
 * `fecha` and `hora` are the clinic's local day and time from which slots count.
 */
export async function freeSlotsOfSpecialty(db: Db, id_especialidad: number, after: { fecha: string; hora: string }, until: string | undefined, limit: number) {
  let query = db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select(['a.id_agenda', 'a.id_doctor', 'a.fecha', 'a.hora_inicio', 'u.nombre', 'u.apellido1', 'u.apellido2'])
    .where('d.id_especialidad', '=', id_especialidad)
    .where('d.estado', '=', 'Activo')
    .where('a.estado', '=', 'Disponible')
    .where('a.tipo', '=', 'Consulta')
    .where((eb) => eb.or([eb('a.fecha', '>', after.fecha), eb.and([eb('a.fecha', '=', after.fecha), eb('a.hora_inicio', '>', after.hora)])]));
  if (until !== undefined) query = query.where('a.fecha', '<=', until);
  const rows = await query.orderBy('a.fecha').orderBy('a.hora_inicio').orderBy('a.id_doctor').limit(limit).execute();
  return rows.map((row) => ({ id_agenda: row.id_agenda, id_doctor: row.id_doctor, doctor: fullName(row), fecha: row.fecha, hora: row.hora_inicio.slice(0, 5) }));
}
