import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database>;

/**
 * The home screens' reads. Every query walks an index range (docs/decisions/0032):
 * a patient's visits through citas_paciente (id_paciente, fecha), a doctor's through citas_doctor
 * (id_doctor, estado, fecha), the clinic's through citas_estado_fecha (estado, fecha),
 * agenda_fecha (fecha, tipo, estado, id_doctor) and pacientes_fecha_alta (fecha_alta); the
 * consultation type through consultas_cita (id_cita). Nothing counts a whole table.
 */

const ACTIVE = ['pendiente', 'Confirmada'] as const;

/** Later than the clinic's `today` `time`. */
const after = (today: string, time: string) =>
  sql<boolean>`(c.fecha > ${today} or (c.fecha = ${today} and c.hora > ${time}))`;

/** Names of a person (u) and of a doctor's specialty (e) in three languages. */
const doctorColumns = [
  'u.nombre',
  'u.apellido1',
  'u.apellido2',
  'e.nombre as especialidad_es',
  'e.nombre_ca as especialidad_ca',
  'e.nombre_en as especialidad_en',
] as const;

/** The patient's active visits after now, soonest first, with the doctor and the consultation's type. */
export async function upcomingOfPatient(db: Db, id_paciente: number, today: string, time: string, limit: number) {
  return db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .leftJoin('consultas as k', 'k.id_cita', 'c.id_cita')
    .select(['c.id_cita', 'c.fecha', 'c.hora', 'c.estado', 'c.motivo', 'k.tipo', ...doctorColumns])
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
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('c.id_paciente', '=', id_paciente)
    .where('c.fecha', '>=', today)
    .where('c.estado', 'in', ACTIVE)
    .where(after(today, time))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The patient's most recent confirmed visit that has already begun, if any. */
export async function lastVisitOfPatient(db: Db, id_paciente: number, today: string, time: string) {
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
  let query = db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.estado',
      'c.motivo_rechazo',
      'c.actualizado_en',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
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
export async function dayVisitsOfDoctor(db: Db, id_doctor: number, fecha: string) {
  return db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .leftJoin('consultas as k', 'k.id_cita', 'c.id_cita')
    .select([
      'c.id_cita',
      'c.hora',
      'c.id_paciente',
      'c.estado',
      'c.motivo',
      'k.tipo',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
    ])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', 'in', ACTIVE)
    .where('c.fecha', '=', fecha)
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .execute();
}

export async function countDayVisitsOfDoctor(db: Db, id_doctor: number, fecha: string): Promise<number> {
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', 'in', ACTIVE)
    .where('c.fecha', '=', fecha)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** How many requests wait for the doctor's answer, for today onwards. */
export async function countPendingOfDoctor(db: Db, id_doctor: number, today: string): Promise<number> {
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', '=', 'pendiente')
    .where('c.fecha', '>=', today)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The requests waiting longest for the doctor's answer (today onwards). */
export async function oldestPendingOfDoctor(db: Db, id_doctor: number, today: string, limit: number) {
  return db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.id_paciente',
      'c.motivo',
      'c.creado_en',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
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
export async function countClinicVisits(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('c.estado', 'in', ACTIVE)
    .where('c.fecha', '>=', from)
    .where('c.fecha', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Confirmed visits of the whole clinic on [from, to] and how many of them the doctor marked
 * 'No presentado' (issue 14): the no-show rate of the admin's figures.
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
  const row = await db
    .selectFrom('citas as c')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('c.estado', '=', 'pendiente')
    .where('c.fecha', '>=', today)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Patients (still active patient accounts) registered on [from, to]. `exists`, not a join: the
 * month's range of pacientes_fecha_alta drives the query (a join lets SQLite start from all
 * 100,000 patients in usuarios_rol).
 */
export async function countNewPatients(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('pacientes as p')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('p.fecha_alta', '>=', from)
    .where('p.fecha_alta', '<=', to)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('usuarios as u')
          .select('u.id_usuario')
          .whereRef('u.id_usuario', '=', 'p.id_usuario')
          .where('u.rol', '=', 'paciente')
          .where('u.activo', '=', 1),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Per doctor, the consultation slots opened on [from, to] (free or booked) and how many are booked. */
export async function slotOccupancy(db: Db, from: string, to: string) {
  const counts = await db
    .selectFrom('agenda as a')
    .select((eb) => [
      'a.id_doctor',
      eb.fn.countAll<string | number>().as('abiertos'),
      eb.fn.sum<string | number>(eb.case().when('a.estado', '=', 'Reservado').then(1).else(0).end()).as('reservados'),
    ])
    .where('a.fecha', '>=', from)
    .where('a.fecha', '<=', to)
    .where('a.tipo', '=', 'Consulta')
    .where('a.estado', 'in', ['Disponible', 'Reservado'])
    .groupBy('a.id_doctor')
    .execute();
  if (counts.length === 0) return [];
  const doctors = await db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select(['d.id_doctor', ...doctorColumns])
    .where(
      'd.id_doctor',
      'in',
      counts.map((row) => row.id_doctor),
    )
    .execute();
  const byId = new Map(doctors.map((doctor) => [doctor.id_doctor, doctor]));
  return counts.flatMap((row) => {
    const doctor = byId.get(row.id_doctor);
    return doctor ? [{ ...doctor, abiertos: Number(row.abiertos), reservados: Number(row.reservados ?? 0) }] : [];
  });
}
