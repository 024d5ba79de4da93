import { sql, type Insertable, type Kysely, type SqlBool, type Transaction } from 'kysely';

// Writes of the appointments (citas) and the reads a change makes first: booking, moving, answering, attendance.
import type { CitasTable, Database, EstadoCita } from '../../db/schema/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { appointmentDoctorColumns, appointmentsWithPeople } from './appointment-reads.repository.ts';
import { countAppointments } from './count-appointments.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NewAppointment = Pick<CitasTable, 'id_paciente' | 'id_doctor' | 'id_agenda' | 'fecha' | 'hora' | 'motivo' | 'creado_en'> & {
  recordatorio: boolean;
  /** A patient's request waits for the doctor (pendiente); a visit the doctor assigns is Confirmada. */
  estado?: 'pendiente' | 'Confirmada';
  /** The visit's type and the minutes it holds (null: one slot). */
  id_tipo_visita?: number;
  duracion_min?: number | null;
};

const insertAppointmentQuery = compiledOnce((db, row: Insertable<CitasTable>) => db.insertInto('citas').values(row).returning('id_cita'));

export async function insertAppointment(db: Db, cita: NewAppointment): Promise<number> {
  const { rows } = await insertAppointmentQuery(db, {
    ...cita,
    recordatorio: cita.recordatorio ? 1 : 0,
    estado: cita.estado ?? 'pendiente',
    actualizado_en: cita.creado_en,
  });
  if (!rows[0]) throw new Error('insert into citas returned no id');
  return rows[0].id_cita;
}

export interface PatientAppointmentRow {
  id_cita: number;
  fecha: string;
  hora: string;
  motivo: string;
  estado: EstadoCita;
  cancelada_por: CitasTable['cancelada_por'];
  motivo_rechazo: string | null;
  recordatorio: number;
  asistencia: CitasTable['asistencia'];
  id_tipo_visita: number | null;
  id_doctor: number;
  creado_en: string;
  reservada_en_su_dia: number;
  disputa_motivo: string | null;
  disputada_en: string | null;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
}

const appointmentsOnSlotsQuery = compiledOnce((db, id_paciente: number, id_doctor: number, desde: string, hasta: string) =>
  db
    .selectFrom('citas')
    .select(['id_agenda', 'estado'])
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .where('fecha', '>=', desde)
    .where('fecha', '<', hasta),
);

/** The patient's active visits (pending or confirmed) on a doctor's slots of [desde, hasta): slot id to estado. */
export async function patientAppointmentsOnSlots(
  db: Db,
  id_paciente: number,
  id_doctor: number,
  desde: string,
  hasta: string,
): Promise<Map<number, 'pendiente' | 'Confirmada'>> {
  const { rows } = await appointmentsOnSlotsQuery(db, id_paciente, id_doctor, desde, hasta);
  return new Map(rows.map((row) => [row.id_agenda, row.estado === 'Confirmada' ? 'Confirmada' : 'pendiente']));
}

/**
 * A page of a patient's appointments: upcoming (soonest first) or past (latest first), split at the
 * clinic's local `today` `time`, without the cancelled ones; or the cancelled ones of any date
 * (latest first).
 */
export async function listPatientAppointments(
  db: Db,
  options: { id_paciente: number; periodo: 'proximas' | 'pasadas' | 'canceladas'; today: string; time: string; limit: number; offset: number },
): Promise<{ rows: PatientAppointmentRow[]; total: number }> {
  const { id_paciente, periodo, today, time } = options;
  const base = appointmentsWithPeople(db)
    .where('c.id_paciente', '=', id_paciente)
    .where((eb) => {
      if (periodo === 'canceladas') return eb('c.estado', '=', 'Cancelada');
      const when =
        periodo === 'proximas'
          ? eb.or([eb('c.fecha', '>', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '>', time)])])
          : eb.or([eb('c.fecha', '<', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '<=', time)])]);
      return eb.and([eb('c.estado', '<>', 'Cancelada'), when]);
    });
  const direction = periodo === 'proximas' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    base
      .select([
        'c.id_cita',
        'c.fecha',
        'c.hora',
        'c.motivo',
        'c.estado',
        'c.cancelada_por',
        'c.motivo_rechazo',
        'c.recordatorio',
        'c.asistencia',
        'c.id_doctor',
        'c.id_tipo_visita',
        'c.creado_en',
        'c.reservada_en_su_dia',
        'c.disputa_motivo',
        'c.disputada_en',
        ...appointmentDoctorColumns,
      ])
      .orderBy('c.fecha', direction)
      .orderBy('c.hora', direction)
      .orderBy('c.id_cita', direction)
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Moves an active visit onto another slot (the caller has taken it): conditional on the visit
 * still being active on its old slot, so a cancellation or a rejection that came first wins (false).
 * The visit waits for the doctor again and gets a new calendar revision.
 */
export async function moveAppointment(
  db: Db,
  move: { id_cita: number; from_agenda: number; id_agenda: number; fecha: string; hora: string; actualizado_en: string },
): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set((eb) => ({
      id_agenda: move.id_agenda,
      fecha: move.fecha,
      hora: move.hora,
      estado: 'pendiente' as const,
      actualizado_en: move.actualizado_en,
      secuencia: eb('secuencia', '+', 1),
    }))
    .where('id_cita', '=', move.id_cita)
    .where('id_agenda', '=', move.from_agenda)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether a visit marked 'No presentado' counts towards the booking restriction: one booked
 * before its day always does; one booked on its day (a walk-in, a same-day assignment) only while
 * the patient has not disputed it. For a query on `citas` alone (its columns unqualified).
 */
export const countingNoShow = sql<SqlBool>`(asistencia = 'No presentado' and (reservada_en_su_dia = 0 or disputada_en is null))`;

/** The patient's no-shows that count (countingNoShow) on or after `desde` (YYYY-MM-DD). */
export async function countNoShows(db: Db, id_paciente: number, desde: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('id_paciente', '=', id_paciente)
      .where(countingNoShow)
      .where('fecha', '>=', desde),
  );
}

/** Records whether a visit just marked 'No presentado' had been booked on its own day. */
export async function recordNoShowStanding(db: Db, id_cita: number, reservada_en_su_dia: boolean): Promise<void> {
  await db.updateTable('citas').set({ reservada_en_su_dia: reservada_en_su_dia ? 1 : 0 }).where('id_cita', '=', id_cita).execute();
}

/**
 * The patient's dispute of a no-show of a visit booked on its day: once, and only of such a
 * no-show (false otherwise, nothing written).
 */
export async function recordNoShowDispute(db: Db, id_cita: number, motivo: string, disputada_en: string): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ disputa_motivo: motivo, disputada_en })
    .where('id_cita', '=', id_cita)
    .where('asistencia', '=', 'No presentado')
    .where('reservada_en_su_dia', '=', 1)
    .where('disputada_en', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The patient's requests still waiting for the doctor whose time has not come. */
export async function countPendingRequests(db: Db, id_paciente: number, today: string, time: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('id_paciente', '=', id_paciente)
      .where('estado', '=', 'pendiente')
      .where((eb) => eb.or([eb('fecha', '>', today), eb.and([eb('fecha', '=', today), eb('hora', '>', time)])])),
  );
}

/** Records whether the patient came; only once (false when it was already recorded). */
export async function recordAttendance(
  db: Db,
  id_cita: number,
  asistencia: 'Asistió' | 'No presentado',
  actualizado_en: string,
): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set({ asistencia, actualizado_en })
    .where('id_cita', '=', id_cita)
    .where('estado', '=', 'Confirmada')
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a slot has an active appointment, or any appointment at all (cancelled ones keep history). */
export async function slotAppointments(db: Db, id_agenda: number): Promise<{ active: number; total: number }> {
  const rows = await db.selectFrom('citas').select('estado').where('id_agenda', '=', id_agenda).execute();
  return { active: rows.filter((row) => row.estado !== 'Cancelada').length, total: rows.length };
}

export async function findAppointment(db: Db, id_cita: number) {
  return db.selectFrom('citas').selectAll().where('id_cita', '=', id_cita).executeTakeFirst();
}

/**
 * The visit as it is now, held until the transaction ends: whatever answers, cancels or moves it
 * takes this lock first, so each acts on what the one before it left (its slot, its state) and all
 * take their locks in one order. PostgreSQL only (SQLite runs one writing transaction at a time).
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: the latter blocks the key-share lock that inserting a
 * reminder or a consultation of this visit takes, and such waits deadlocked.
 */
export async function lockAppointment(db: Db, id_cita: number, dialect: 'sqlite' | 'postgres') {
  const query = db.selectFrom('citas').selectAll().where('id_cita', '=', id_cita);
  return (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * Moves an appointment to `estado` only from one of the states in `from` (a conditional update,
 * so two answers racing cannot both win); false when it was no longer in one of them.
 */
export async function changeAppointmentState(
  db: Db,
  id_cita: number,
  estado: CitasTable['estado'],
  from: readonly CitasTable['estado'][],
  actualizado_en: string,
  cancellation: Partial<Pick<CitasTable, 'cancelada_por' | 'motivo_rechazo'>> = {},
): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    // A new revision for calendar apps (SEQUENCE): confirmed, cancelled and rejected visits update the event.
    .set((eb) => ({ estado, actualizado_en, ...cancellation, secuencia: eb('secuencia', '+', 1) }))
    .where('id_cita', '=', id_cita)
    .where('estado', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whose appointments: the doctor's or the patient's, by their user account. */
export type AppointmentsOf = { doctorUser: number } | { patientUser: number };

/**
 * The appointments still to come (pending or confirmed, starting after the clinic's local `today`
 * `time`) of a doctor or a patient, the ones that cannot happen once that person leaves the clinic.
 */
export async function findUpcomingAppointments(db: Db, of: AppointmentsOf, today: string, time: string) {
  let query = db.selectFrom('citas as c').select(['c.id_cita', 'c.id_agenda', 'c.id_paciente', 'c.estado']);
  query =
    'doctorUser' in of
      ? query.where('c.id_doctor', 'in', db.selectFrom('doctores').select('id_doctor').where('id_usuario', '=', of.doctorUser))
      : query.where('c.id_paciente', 'in', db.selectFrom('pacientes').select('id_paciente').where('id_usuario', '=', of.patientUser));
  return query
    .where('c.estado', 'in', ['pendiente', 'Confirmada'])
    .where((eb) => eb.or([eb('c.fecha', '>', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '>', time)])]))
    .orderBy('c.id_cita')
    .execute();
}
