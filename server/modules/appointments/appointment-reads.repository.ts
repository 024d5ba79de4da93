import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { Historia } from '../../../contracts/records.ts';
import type { Visita } from '../../../contracts/consultations.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { fullName } from '../../../contracts/names.ts';
import { specialtyNameColumns } from '../../db/columns.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { CitasTable, Database, NotificacionesTable, TipoConsulta } from '../../db/schema/index.ts';
import type { AppointmentMailRow } from '../reminders/index.ts';
import { specialtyNameColumn } from '../specialties/index.ts';

/**
 * Reads of the appointments (citas) that other screens show: the home screens, the calendar feed,
 * the e-mails, the patient's file and summary, the doctor's record and lists, the agenda's day, the
 * data export. This module is the only one that queries `citas`; these serve the others through
 * the named reads of appointment-reads.ts.
 */

import { countAppointments } from './count-appointments.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Visits with their people: each visit (c) with its doctor (d, whose account is ud), the doctor's
 * specialty (e) and its patient (p, whose account is up). Callers pick the columns and conditions.
 */
export function appointmentsWithPeople(db: Db) {
  return db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as up', 'up.id_usuario', 'p.id_usuario');
}

/**
 * `appointmentsWithPeople` with each visit's latest reminder (r: a notice of the clinic's reminder
 * plan; its columns are null when the visit has none).
 */
export function appointmentsWithLatestReminder(db: Db) {
  return appointmentsWithPeople(db).leftJoin('notificaciones as r', (join) =>
    join.onRef('r.id_cita', '=', 'c.id_cita').on('r.id_notificacion', '=', (eb) =>
      eb.selectFrom('notificaciones as n').select((inner) => inner.fn.max('n.id_notificacion').as('ultimo')).whereRef('n.id_cita', '=', 'c.id_cita').where('n.tipo', '=', 'recordatorio'),
    ),
  );
}

/** The latest reminder's columns, on `appointmentsWithLatestReminder`. */
export const latestReminderColumns = ['r.estado as aviso_estado', 'r.enviar_en as aviso_enviar_en', 'r.enviado_en as aviso_enviado_en'] as const;

/** A visit's reminder from `latestReminderColumns`: null when none was planned. */
export function reminderOf(row: { aviso_estado: NotificacionesTable['estado'] | null; aviso_enviar_en: string | null; aviso_enviado_en: string | null }) {
  return row.aviso_estado && row.aviso_enviar_en ? { estado: row.aviso_estado, enviar_en: row.aviso_enviar_en, enviado_en: row.aviso_enviado_en } : null;
}

/** The doctor's names (ud) and the specialty's names in the three languages (e), on `appointmentsWithPeople`. */
export const appointmentDoctorColumns = ['ud.nombre', 'ud.apellido1', 'ud.apellido2', ...specialtyNameColumns] as const;

/**
 * The condition "this patient has a visit with the doctor that was not cancelled", on a query that
 * has the patient as `p` (part of who a doctor treats: consultations' treatedBy).
 */
export function hasAppointmentWithDoctor(id_doctor: number) {
  return (eb: ExpressionBuilder<Database & { p: Database['pacientes'] }, 'p'>) =>
    eb.exists(
      eb
        .selectFrom('citas as tc')
        .select('tc.id_cita')
        .whereRef('tc.id_paciente', '=', 'p.id_paciente')
        .where('tc.id_doctor', '=', id_doctor)
        .where('tc.estado', '<>', 'Cancelada'),
    );
}

// Conditions other modules put on their own queries: subqueries on the visits, tied to a column
// of the outer query by name (`ref`, such as 'a.id_agenda').

/** Every visit (even a cancelled one) that points at the slot `slot` names. */
export function appointmentsOnSlot(db: Db, slot: string) {
  return db.selectFrom('citas as c').select('c.id_cita').where('c.id_agenda', '=', sql.ref<number>(slot));
}

/** The patient holding the slot `slot` names with an active visit (pending or confirmed), if any. */
export function activeHolderOfSlot(db: Db, slot: string) {
  return db
    .selectFrom('citas as c')
    .select('c.id_paciente')
    .where('c.id_agenda', '=', sql.ref<number>(slot))
    .where('c.estado', 'in', ['pendiente', 'Confirmada'])
    .limit(1);
}

/** The patient's active visits with the doctor on the day, each named by a column of the outer query. */
export function activeAppointmentsWithDoctorOn(db: Db, refs: { patient: string; doctor: string; fecha: string }) {
  return db
    .selectFrom('citas as c')
    .select('c.id_cita')
    .where('c.id_paciente', '=', sql.ref<number>(refs.patient))
    .where('c.id_doctor', '=', sql.ref<number>(refs.doctor))
    .where('c.fecha', '=', sql.ref<string>(refs.fecha))
    .where('c.estado', 'in', ['pendiente', 'Confirmada']);
}

/**
 * On an update of lista_espera: whether the entry's patient has an active visit with the doctor (or
 * a doctor of the specialty) in the entry's dates and part of the day, booked or moved there after
 * the patient joined.
 */
export function hasAppointmentSatisfyingEntry(eb: ExpressionBuilder<Database, 'lista_espera'>) {
  return eb.exists(
    eb
      .selectFrom('citas as c')
      .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
      .select('c.id_cita')
      .whereRef('c.id_paciente', '=', 'lista_espera.id_paciente')
      .where('c.estado', 'in', ['pendiente', 'Confirmada'])
      .whereRef('c.actualizado_en', '>=', 'lista_espera.creado_en')
      .whereRef('c.fecha', '>=', 'lista_espera.desde')
      .whereRef('c.fecha', '<=', 'lista_espera.hasta')
      .whereRef('c.hora', '>=', 'lista_espera.hora_desde')
      .whereRef('c.hora', '<', 'lista_espera.hora_hasta')
      .where((inner) =>
        inner.or([
          inner('c.id_doctor', '=', inner.ref('lista_espera.id_doctor')),
          inner.and([
            inner('lista_espera.id_doctor', 'is', null),
            inner('d.id_especialidad', '=', inner.ref('lista_espera.id_especialidad')),
          ]),
        ]),
      ),
  );
}

// The doctor's agenda.

// Compiled once per number of slots (a doctor's day has a handful of lengths).
const activeAppointmentsQuery = compiledOnce((db, slots: number[]) =>
  appointmentsWithPeople(db)
    .leftJoin('consultas as q', 'q.id_cita', 'c.id_cita')
    .select(['c.id_agenda', 'c.id_cita', 'c.id_paciente', 'c.motivo', 'c.estado', 'c.asistencia', 'c.id_tipo_visita', 'c.confirmada_paciente_en', 'q.tipo', 'up.nombre', 'up.apellido1', 'up.apellido2'])
    .where('c.id_agenda', 'in', slots)
    .where('c.estado', '<>', 'Cancelada'),
);

/** The active visit (not cancelled) on each of the slots, with the patient and the consultation's type, by slot. */
export async function activeAppointmentsOnSlots(
  db: Db,
  slots: number[],
): Promise<Map<number, NonNullable<Bloque['cita']> & { id_tipo_visita: number | null }>> {
  if (slots.length === 0) return new Map();
  const { rows } = await activeAppointmentsQuery(db, slots);
  return new Map(
    rows.map((row) => [
      row.id_agenda,
      {
        id_cita: row.id_cita,
        id_paciente: row.id_paciente,
        paciente: fullName(row),
        motivo: row.motivo,
        estado: row.estado,
        tipo: row.tipo ?? 'Consulta',
        asistencia: row.asistencia,
        id_tipo_visita: row.id_tipo_visita,
        confirmada_paciente: row.confirmada_paciente_en !== null,
      },
    ]),
  );
}

/** Of the slots, those a longer visit still on holds after its first one: slot to visit. */
export async function extraSlotsHeld(db: Db, slots: number[]): Promise<Map<number, number>> {
  if (slots.length === 0) return new Map();
  const rows = await db
    .selectFrom('citas_huecos as h')
    .innerJoin('citas as c', 'c.id_cita', 'h.id_cita')
    .select(['h.id_agenda', 'h.id_cita'])
    .where('h.id_agenda', 'in', slots)
    .where('c.estado', '<>', 'Cancelada')
    .execute();
  return new Map(rows.map((row) => [row.id_agenda, row.id_cita]));
}

// The home screens. Every query walks an index range: a patient's visits through citas_paciente
// (id_paciente, fecha), a doctor's through citas_doctor (id_doctor, estado, fecha), the clinic's
// through citas_estado_fecha (estado, fecha); the consultation type through consultas_cita
// (id_cita). Nothing counts a whole table.

const ACTIVE = ['pendiente', 'Confirmada'] as const;

/** Later than the clinic's `today` `time`. */
const after = (today: string, time: string) =>
  sql<boolean>`(c.fecha > ${today} or (c.fecha = ${today} and c.hora > ${time}))`;

/** The patient's active visits after now, soonest first, with the doctor and the consultation's type. */
export async function upcomingOfPatient(db: Db, id_paciente: number, today: string, time: string, limit: number) {
  return appointmentsWithPeople(db)
    .leftJoin('consultas as k', 'k.id_cita', 'c.id_cita')
    .select(['c.id_cita', 'c.fecha', 'c.hora', 'c.estado', 'c.motivo', 'k.tipo', ...appointmentDoctorColumns])
    .where('c.id_paciente', '=', id_paciente)
    .where('c.fecha', '>=', today)
    .where('c.estado', 'in', ACTIVE)
    .where(after(today, time))
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .limit(limit)
    .execute();
}

export async function countUpcomingOfPatient(
  db: Db,
  id_paciente: number,
  today: string,
  time: string,
): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('c.id_paciente', '=', id_paciente)
      .where('c.fecha', '>=', today)
      .where('c.estado', 'in', ACTIVE)
      .where(after(today, time)),
  );
}

/** The patient's most recent confirmed visit that has already begun, if any. */
export async function lastAppointmentOfPatient(db: Db, id_paciente: number, today: string, time: string) {
  return db
    .selectFrom('citas as c')
    .select(['c.fecha', 'c.hora'])
    .where('c.id_paciente', '=', id_paciente)
    .where('c.fecha', '<=', today)
    .where('c.estado', '=', 'Confirmada')
    .where(sql<boolean>`(c.fecha < ${today} or c.hora <= ${time})`)
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The doctor's answers to the patient's requests given after `since` (an ISO instant), newest first:
 * a confirmation (a visit confirmed after it was asked for, so not one the doctor assigned already
 * confirmed) or a rejection (cancelled by the doctor).
 */
export async function answersToPatient(db: Db, id_paciente: number, since: string | null, limit: number) {
  let query = appointmentsWithPeople(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.estado',
      'c.motivo_rechazo',
      'c.actualizado_en',
      'ud.nombre',
      'ud.apellido1',
      'ud.apellido2',
    ])
    .where('c.id_paciente', '=', id_paciente)
    .where((eb) =>
      eb.or([
        eb.and([eb('c.estado', '=', 'Confirmada'), eb('c.actualizado_en', '>', eb.ref('c.creado_en'))]),
        eb.and([eb('c.estado', '=', 'Cancelada'), eb('c.cancelada_por', '=', 'doctor')]),
      ]),
    );
  if (since !== null) query = query.where('c.actualizado_en', '>', since);
  return query.orderBy('c.actualizado_en', 'desc').orderBy('c.id_cita', 'desc').limit(limit).execute();
}

/** The doctor's active visits of one day, in time order, with the patient and the consultation's type. */
export async function dayAppointmentsOfDoctor(db: Db, id_doctor: number, fecha: string) {
  return appointmentsWithPeople(db)
    .leftJoin('consultas as k', 'k.id_cita', 'c.id_cita')
    .select([
      'c.id_cita',
      'c.hora',
      'c.id_paciente',
      'c.estado',
      'c.motivo',
      'k.tipo',
      'c.id_tipo_visita',
      'up.nombre',
      'up.apellido1',
      'up.apellido2',
    ])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', 'in', ACTIVE)
    .where('c.fecha', '=', fecha)
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .execute();
}

export async function countDayAppointmentsOfDoctor(db: Db, id_doctor: number, fecha: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('c.id_doctor', '=', id_doctor)
      .where('c.estado', 'in', ACTIVE)
      .where('c.fecha', '=', fecha),
  );
}

/** How many of the doctor's visits on one day are requests still to answer. */
export async function countDayRequestsOfDoctor(db: Db, id_doctor: number, fecha: string): Promise<number> {
  return countAppointments(db, (query) =>
    query.where('c.id_doctor', '=', id_doctor).where('c.estado', '=', 'pendiente').where('c.fecha', '=', fecha),
  );
}

/** How many requests wait for the doctor's answer, for today onwards. */
export async function countPendingOfDoctor(db: Db, id_doctor: number, today: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('c.id_doctor', '=', id_doctor)
      .where('c.estado', '=', 'pendiente')
      .where('c.fecha', '>=', today),
  );
}

/** The requests waiting longest for the doctor's answer (today onwards). */
export async function oldestPendingOfDoctor(db: Db, id_doctor: number, today: string, limit: number) {
  return appointmentsWithPeople(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.id_paciente',
      'c.motivo',
      'c.creado_en',
      'up.nombre',
      'up.apellido1',
      'up.apellido2',
    ])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', '=', 'pendiente')
    .where('c.fecha', '>=', today)
    .orderBy('c.creado_en')
    .orderBy('c.id_cita')
    .limit(limit)
    .execute();
}

/** Active visits of the whole clinic on [from, to]. */
export async function countClinicAppointments(db: Db, from: string, to: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('c.estado', 'in', ACTIVE)
      .where('c.fecha', '>=', from)
      .where('c.fecha', '<=', to),
  );
}

/** Active visits of the whole clinic on [from, to] by the catalogue's type booked (null: written without one). */
export async function countClinicAppointmentsByType(db: Db, from: string, to: string): Promise<{ id_tipo_visita: number | null; visitas: number }[]> {
  const rows = await db
    .selectFrom('citas as c')
    .select(['c.id_tipo_visita', (eb) => eb.fn.countAll<number | string>().as('visitas')])
    .where('c.estado', 'in', ACTIVE)
    .where('c.fecha', '>=', from)
    .where('c.fecha', '<=', to)
    .groupBy('c.id_tipo_visita')
    .execute();
  return rows.map((row) => ({ id_tipo_visita: row.id_tipo_visita, visitas: Number(row.visitas) }));
}

/**
 * Confirmed visits of the whole clinic on [from, to] and how many of them the doctor marked
 * 'No presentado': the no-show rate of the admin's figures.
 */
export async function clinicNoShows(db: Db, from: string, to: string): Promise<{ visitas: number; no_presentados: number }> {
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('visitas'),
      eb.fn.sum<string | number | null>(eb.case().when('c.asistencia', '=', 'No presentado').then(1).else(0).end()).as('no_presentados'),
    ])
    .where('c.estado', '=', 'Confirmada')
    .where('c.fecha', '>=', from)
    .where('c.fecha', '<=', to)
    .executeTakeFirstOrThrow();
  return { visitas: Number(row.visitas), no_presentados: Number(row.no_presentados ?? 0) };
}

/** Requests of the whole clinic waiting for an answer, today onwards. */
export async function countClinicPending(db: Db, today: string): Promise<number> {
  return countAppointments(db, (query) =>
    query
      .where('c.estado', '=', 'pendiente')
      .where('c.fecha', '>=', today),
  );
}

// The doctor's calendar feed.

/**
 * What a visit's calendar entry (.ics) says of its time, on a query that joins its slot as `a`:
 * when it starts and ends, its state, and its revision (SEQUENCE). The calendar feed and the
 * e-mails' attachments read them alike.
 */
const calendarEntryColumns = ['c.id_cita', 'c.fecha', 'c.hora', 'a.hora_fin', 'a.duracion_min', 'c.estado', 'c.secuencia'] as const;

export type FeedAppointmentRow = Pick<
  AppointmentMailRow,
  'id_cita' | 'fecha' | 'hora' | 'hora_fin' | 'duracion_min' | 'estado' | 'secuencia' | 'paciente_nombre' | 'paciente_apellido1'
> & {
  actualizado_en: string;
  tipo: TipoConsulta | null;
  asistencia: CitasTable['asistencia'];
  /** The catalogue's type booked and the minutes it holds (null: one slot). */
  id_tipo_visita: number | null;
  visita_min: number | null;
};

/**
 * The doctor's visits from `desde` on (cancelled ones too, so calendars drop them): who (names
 * only, to make initials), when, the visit's type when a consultation exists. No reason, no notes.
 */
export async function listFeedAppointments(db: Db, id_doctor: number, desde: string, limit: number): Promise<FeedAppointmentRow[]> {
  return appointmentsWithPeople(db)
    .innerJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
    .leftJoin('consultas as k', 'k.id_cita', 'c.id_cita')
    .select([
      ...calendarEntryColumns,
      'c.actualizado_en',
      'c.asistencia',
      'up.nombre as paciente_nombre',
      'up.apellido1 as paciente_apellido1',
      'k.tipo',
      'c.id_tipo_visita',
      'c.duracion_min as visita_min',
    ])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.fecha', '>=', desde)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .limit(limit)
    .execute();
}

// The e-mails about appointments.

/** What the e-mails about appointments need: who, with whom, when (no medical content). */
export async function findAppointmentMailRows(db: Db, ids: number[]): Promise<AppointmentMailRow[]> {
  if (ids.length === 0) return [];
  return appointmentsWithPeople(db)
    .innerJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
    .leftJoin('tipos_visita as tv', 'tv.id_tipo', 'c.id_tipo_visita')
    .select([
      ...calendarEntryColumns,
      'c.id_paciente',
      'c.motivo_rechazo',
      'up.nombre as paciente_nombre',
      'up.apellido1 as paciente_apellido1',
      'up.correo as paciente_correo',
      'up.idioma as paciente_idioma',
      'up.telefono as paciente_telefono',
      'ud.nombre as doctor_nombre',
      'ud.apellido1 as doctor_apellido1',
      'ud.apellido2 as doctor_apellido2',
      'ud.correo as doctor_correo',
      'ud.idioma as doctor_idioma',
      'e.nombre as especialidad_es',
      'e.nombre_ca as especialidad_ca',
      'e.nombre_en as especialidad_en',
      'tv.nombre_es as tipo_es',
      'tv.nombre_ca as tipo_ca',
      'tv.nombre_en as tipo_en',
      'tv.instrucciones as tipo_instrucciones',
    ])
    .where('c.id_cita', 'in', ids)
    .execute();
}

// The patient's summary, the doctor's record and lists.

/** The patient's next appointment (today from `time` on, or later) that is not cancelled. */
export async function findNextAppointment(db: Db, id_paciente: number, today: string, time: string) {
  const row = await appointmentsWithPeople(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.motivo',
      'c.estado',
      'ud.nombre',
      'ud.apellido1',
      'ud.apellido2',
      'e.nombre as especialidad',
    ])
    .where('c.id_paciente', '=', id_paciente)
    .where('c.estado', '<>', 'Cancelada')
    .where((eb) => eb.or([eb('c.fecha', '>', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '>=', time)])]))
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id_cita: row.id_cita,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    doctor: fullName(row),
    especialidad: row.especialidad,
    motivo: row.motivo,
    estado: row.estado,
  };
}

/** A patient's appointments with one doctor, newest first. */
export async function listPatientAppointmentsWith(db: Db, id_paciente: number, id_doctor: number): Promise<Historia['citas']> {
  const rows = await db
    .selectFrom('citas')
    .select(['id_cita', 'fecha', 'hora', 'motivo', 'estado', 'asistencia', 'disputa_motivo'])
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .orderBy('fecha', 'desc')
    .orderBy('hora', 'desc')
    .execute();
  // A dispute is named only where there is one.
  return rows.map(({ disputa_motivo, ...row }) => ({ ...row, hora: row.hora.slice(0, 5), ...(disputa_motivo !== null ? { disputa_motivo } : {}) }));
}

/** A doctor's confirmed visits from a day on, in time order. */
export async function listConfirmedAppointments(
  db: Db,
  id_doctor: number,
  from: string,
  page: { offset: number; limit: number },
): Promise<{ items: (Visita & { id_tipo_visita: number | null })[]; total: number }> {
  const base = appointmentsWithPeople(db)
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', '=', 'Confirmada')
    .where('c.fecha', '>=', from);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['c.id_cita', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.id_tipo_visita', 'up.nombre', 'up.apellido1', 'up.apellido2'])
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return {
    items: rows.map(({ nombre, apellido1, apellido2, ...visit }) => ({
      ...visit,
      hora: visit.hora.slice(0, 5),
      paciente: fullName({ nombre, apellido1, apellido2 }),
    })),
    total: Number(total),
  };
}

/** The doctor's active visits (pending or confirmed) in [from, to], with the patient's name. */
export async function activeAppointmentsBetween(db: Db, id_doctor: number, from: string, to: string) {
  const rows = await appointmentsWithPeople(db)
    .innerJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
    .select(['c.id_cita', 'c.id_agenda', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.estado', 'a.hora_fin', 'up.nombre', 'up.apellido1', 'up.apellido2'])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', 'in', ['pendiente', 'Confirmada'])
    .where('c.fecha', '>=', from)
    .where('c.fecha', '<=', to)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .execute();
  return rows.map(({ nombre, apellido1, apellido2, ...cita }) => ({ ...cita, paciente: fullName({ nombre, apellido1, apellido2 }) }));
}

// The data export.

/** Every appointment, cancelled ones too, with its reminder if one was asked for. */
export async function listPatientAppointmentsForExport(db: Db, id_paciente: number, language: Language) {
  const rows = await appointmentsWithLatestReminder(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.motivo',
      'c.estado',
      'c.recordatorio',
      'c.creado_en',
      'c.actualizado_en',
      'ud.nombre',
      'ud.apellido1',
      'ud.apellido2',
      `${specialtyNameColumn(language)} as especialidad`,
      ...latestReminderColumns,
    ])
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .execute();
  return rows.map((row) => ({
    id_cita: row.id_cita,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    doctor: fullName(row),
    especialidad: row.especialidad,
    motivo: row.motivo,
    estado: row.estado,
    recordatorio: Number(row.recordatorio) === 1,
    aviso: reminderOf(row),
    creado_en: row.creado_en,
    actualizado_en: row.actualizado_en,
  }));
}
