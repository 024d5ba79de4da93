import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Solicitud, SolicitudBandeja, SolicitudesPorDia } from '../../../contracts/agenda.ts';
import { fullName } from '../../../contracts/names.ts';
import type { AgendaTable, CitasTable, Database, EstadoCita } from '../../db/schema/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { dayNumbers } from '../../lib/slots.ts';
import { appointmentDoctorColumns, appointmentsWithPeople } from './appointment-reads.repository.ts';

import { countAppointments } from './count-appointments.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface DoctorRow {
  id_doctor: number;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  id_especialidad: number;
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
}

/** A doctor's names (u) and specialty names in the three languages (e). */
const doctorNameColumns = [
  'u.nombre',
  'u.apellido1',
  'u.apellido2',
  'e.nombre as especialidad_es',
  'e.nombre_ca as especialidad_ca',
  'e.nombre_en as especialidad_en',
] as const;

/** Doctors a patient may book with: active profile, active account, still a doctor. */
function bookableDoctors(db: Db) {
  return db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select(['d.id_doctor', 'e.id_especialidad', ...doctorNameColumns])
    .where('d.estado', '=', 'Activo')
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'doctor');
}

/** A slot as a booking reads it. */
export type BookableSlot = Omit<AgendaTable, 'id_agenda' | 'id_doctor' | 'duracion_min' | 'descripcion'> & { id_agenda: number };

/** The slots (a) of one doctor patients may book with; none for any other doctor. */
function bookableDoctorSlots(db: Db, id_doctor: number) {
  return bookableDoctors(db)
    .innerJoin('agenda as a', 'a.id_doctor', 'd.id_doctor')
    .clearSelect()
    .select(['a.id_agenda', 'a.fecha', 'a.hora_inicio', 'a.hora_fin', 'a.tipo', 'a.estado'])
    .where('d.id_doctor', '=', id_doctor);
}

const bookableSlotQuery = compiledOnce((db, id_doctor: number, fecha: string, horas: string[]) =>
  bookableDoctorSlots(db, id_doctor).where('a.fecha', '=', fecha).where('a.hora_inicio', 'in', horas),
);

/**
 * The slot starting at `hora` (HH:MM, or HH:MM:SS by older clients) of a doctor patients may book
 * with; undefined when there is no such slot or the doctor is not bookable (findBookableDoctor tells
 * which). One query where a booking made two while holding its locks.
 */
export async function findBookableSlot(db: Db, id_doctor: number, fecha: string, hora: string): Promise<BookableSlot | undefined> {
  return (await bookableSlotQuery(db, id_doctor, fecha, [hora, `${hora}:00`])).rows[0];
}

const bookableDoctorSlotsQuery = compiledOnce((db, id_doctor: number, desde: string, hasta: string) =>
  bookableDoctorSlots(db, id_doctor).where('a.fecha', '>=', desde).where('a.fecha', '<', hasta).orderBy('a.fecha').orderBy('a.hora_inicio'),
);

/**
 * The slots from `desde` up to, not including, `hasta` of a doctor patients may book with, in time
 * order: one range of the agenda's unique index. Empty when the doctor has none in that range or is
 * not bookable (findBookableDoctor tells which): every look at a doctor's availability reads it, and
 * checking the doctor inside the same read saves a round trip to the database.
 */
export async function listBookableDoctorSlots(db: Db, id_doctor: number, desde: string, hasta: string): Promise<BookableSlot[]> {
  return (await bookableDoctorSlotsQuery(db, id_doctor, desde, hasta)).rows;
}

export async function listBookableDoctors(db: Db, id_especialidad?: number): Promise<DoctorRow[]> {
  return bookableDoctors(db)
    .$if(id_especialidad !== undefined, (query) => query.where('d.id_especialidad', '=', id_especialidad as number))
    .orderBy('u.apellido1')
    .orderBy('u.nombre')
    .orderBy('d.id_doctor')
    .execute();
}

const bookableDoctorQuery = compiledOnce((db, id_doctor: number) => bookableDoctors(db).where('d.id_doctor', '=', id_doctor));

/** Read on every look at a doctor's agenda and every booking: compiled once. */
export async function findBookableDoctor(db: Db, id_doctor: number): Promise<DoctorRow | undefined> {
  return (await bookableDoctorQuery(db, id_doctor)).rows[0];
}

export type NewAppointment = Pick<CitasTable, 'id_paciente' | 'id_doctor' | 'id_agenda' | 'fecha' | 'hora' | 'motivo' | 'creado_en'> & {
  recordatorio: boolean;
  /** A patient's request waits for the doctor (pendiente); a visit the doctor assigns is Confirmada. */
  estado?: 'pendiente' | 'Confirmada';
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
  id_doctor: number;
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

// Booking caps (decisions #30, issue 12).

/**
 * Holds the patient's row until the transaction ends, so two bookings (or waitlist joins) of one
 * patient racing each other count each other's rows. PostgreSQL only: SQLite runs one writing
 * transaction at a time, which already keeps them apart.
 */
export async function lockPatient(db: Db, id_paciente: number, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'sqlite') return;
  await lockPatientQuery(db, id_paciente);
}

const lockPatientQuery = compiledOnce((db, id_paciente: number) =>
  db.selectFrom('pacientes').select('id_paciente').where('id_paciente', '=', id_paciente).forUpdate(),
);

/** What the booking caps count of one patient's visits (decisions #30, issue 14). */
export interface BookingCounts {
  /** Pending or confirmed visits that have not started yet. */
  activeFuture: number;
  /** Pending or confirmed visits with `id_doctor` on `fecha`. */
  withDoctorThatDay: number;
  /** Visits marked 'No presentado' on or after `noShowsSince`. */
  noShows: number;
  /** Requests still waiting for the doctor whose time has not come. */
  pendingFuture: number;
}

type CapsScope = { id_paciente: number; id_doctor: number; fecha: string; today: string; time: string; noShowsSince: string; except?: number | undefined };

// Every booking and every move reads them: compiled once.
const bookingCapsQuery = compiledOnce((db, of: CapsScope) =>
  db
    .selectFrom('citas')
    .where('id_paciente', '=', of.id_paciente)
    // Every count looks at the last year or later: older visits are left in the index.
    .where('fecha', '>=', of.noShowsSince)
    .$if(of.except !== undefined, (qb) => qb.where('id_cita', '<>', of.except as number))
    .select((eb) => {
      const active = eb('estado', 'in', ['pendiente', 'Confirmada']);
      const future = eb.or([eb('fecha', '>', of.today), eb.and([eb('fecha', '=', of.today), eb('hora', '>', of.time)])]);
      const count = () => eb.fn.countAll<number | string>();
      return [
        count().filterWhere(eb.and([active, future])).as('active_future'),
        count()
          .filterWhere(eb.and([active, eb('id_doctor', '=', of.id_doctor), eb('fecha', '=', of.fecha)]))
          .as('with_doctor_that_day'),
        count()
          .filterWhere(eb.and([eb('asistencia', '=', 'No presentado'), eb('fecha', '>=', of.noShowsSince)]))
          .as('no_shows'),
        count().filterWhere(eb.and([eb('estado', '=', 'pendiente'), future])).as('pending_future'),
      ];
    }),
);

/**
 * The booking caps' counts in one read of the patient's visits (one round trip while the booking
 * holds its locks, where four used to be), leaving out `except`, a visit being moved: it must not
 * count against its own move.
 */
export async function countBookingCaps(db: Db, of: CapsScope): Promise<BookingCounts> {
  const { rows } = await bookingCapsQuery(db, of);
  const row = rows[0] ?? { active_future: 0, with_doctor_that_day: 0, no_shows: 0, pending_future: 0 };
  return {
    activeFuture: Number(row.active_future),
    withDoctorThatDay: Number(row.with_doctor_that_day),
    noShows: Number(row.no_shows),
    pendingFuture: Number(row.pending_future),
  };
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

/** The patient's visits marked 'No presentado' on or after `desde` (YYYY-MM-DD). */
export async function countNoShows(db: Db, id_paciente: number, desde: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('id_paciente', '=', id_paciente)
      .where('asistencia', '=', 'No presentado')
      .where('fecha', '>=', desde),
  );
}

/** No-shows on or after `desde` for several patients at once (the doctor's lists), by patient. */
export async function noShowsByPatient(db: Db, ids: readonly number[], desde: string): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('citas')
    .select(['id_paciente', (eb) => eb.fn.countAll<number | string>().as('total')])
    .where('id_paciente', 'in', [...new Set(ids)])
    .where('asistencia', '=', 'No presentado')
    .where('fecha', '>=', desde)
    .groupBy('id_paciente')
    .execute();
  return new Map(rows.map((row) => [row.id_paciente, Number(row.total)]));
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

/** Days of [from, to) with at least one pending appointment request. */
export async function pendingDays(db: Db, id_doctor: number, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectFrom('citas')
    .select('fecha')
    .distinct()
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'pendiente')
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .execute();
  return dayNumbers(rows);
}

/** How many pending requests each day of [from, to) has, days in order. */
export async function pendingCounts(db: Db, id_doctor: number, from: string, to: string): Promise<SolicitudesPorDia> {
  const rows = await db
    .selectFrom('citas')
    .select(['fecha', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'pendiente')
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .groupBy('fecha')
    .orderBy('fecha')
    .execute();
  return rows.map((row) => ({ dia: Number(row.fecha.slice(8, 10)), solicitudes: Number(row.n) }));
}

/**
 * A page of the doctor's pending requests whose visit is still to come (after the clinic's local
 * `today` `time`), oldest request first, and how many there are in all.
 */
export async function inboxRequests(
  db: Db,
  options: { id_doctor: number; today: string; time: string; limit: number; offset: number },
): Promise<{ rows: Omit<SolicitudBandeja, 'no_presentados'>[]; total: number }> {
  const { id_doctor, today, time } = options;
  const base = db
    .selectFrom('citas as c')
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', '=', 'pendiente')
    .where((eb) => eb.or([eb('c.fecha', '>', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '>', time)])]));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
      .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
      .select(['c.id_cita', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.estado', 'c.creado_en', 'u.nombre', 'u.apellido1', 'u.apellido2'])
      .orderBy('c.creado_en')
      .orderBy('c.id_cita')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ nombre, apellido1, apellido2, ...cita }) => ({ ...cita, paciente: fullName({ nombre, apellido1, apellido2 }) })),
    total: Number(count.n),
  };
}

/** A day's pending requests, in time order. */
export async function dayRequests(db: Db, id_doctor: number, fecha: string): Promise<Omit<Solicitud, 'no_presentados'>[]> {
  const rows = await db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(['c.id_cita', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.estado', 'u.nombre', 'u.apellido1', 'u.apellido2'])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.fecha', '=', fecha)
    .where('c.estado', '=', 'pendiente')
    .orderBy('c.hora')
    .execute();
  return rows.map(({ nombre, apellido1, apellido2, ...cita }) => ({
    ...cita,
    paciente: fullName({ nombre, apellido1, apellido2 }),
  }));
}

export async function findAppointment(db: Db, id_cita: number) {
  return db.selectFrom('citas').selectAll().where('id_cita', '=', id_cita).executeTakeFirst();
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
