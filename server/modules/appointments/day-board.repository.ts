import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

// Reads of the clinic's day at the desk: the confirmed visits of a day with their patients'
// identity and phone (never clinical data), the doctors working that day, and what a walk-in needs.

type Db = Kysely<Database> | Transaction<Database>;

export interface DayVisitRow {
  id_cita: number;
  id_paciente: number;
  id_doctor: number;
  fecha: string;
  hora: string;
  motivo: string;
  asistencia: 'Asistió' | 'No presentado' | null;
  llegada_en: string | null;
  en_consulta_en: string | null;
  extra: number;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  telefono: string | null;
  confirmada_paciente_en: string | null;
}

/** The confirmed visits of `fecha` (of one doctor, when given), by time. */
export async function listDayVisits(db: Db, fecha: string, id_doctor?: number): Promise<DayVisitRow[]> {
  let query = db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as up', 'up.id_usuario', 'p.id_usuario')
    .select([
      'c.id_cita',
      'c.id_paciente',
      'c.id_doctor',
      'c.fecha',
      'c.hora',
      'c.motivo',
      'c.asistencia',
      'c.llegada_en',
      'c.en_consulta_en',
      'c.extra',
      'c.confirmada_paciente_en',
      'up.nombre',
      'up.apellido1',
      'up.apellido2',
      'up.telefono',
    ])
    .where('c.estado', '=', 'Confirmada')
    .where('c.fecha', '=', fecha);
  if (id_doctor !== undefined) query = query.where('c.id_doctor', '=', id_doctor);
  return query.orderBy('c.hora').orderBy('c.id_cita').execute();
}

export interface DayDoctorRow {
  id_doctor: number;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  sexo: 'M' | 'F' | null;
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
}

/**
 * The doctors of the day: those still at the clinic with consultation slots on `fecha`, and any
 * doctor named in `alsoIds` (who has visits that day), by name.
 */
export async function listDayDoctors(db: Db, fecha: string, alsoIds: readonly number[]): Promise<DayDoctorRow[]> {
  return db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'd.id_doctor',
      'ud.nombre',
      'ud.apellido1',
      'ud.apellido2',
      'ud.sexo',
      'e.nombre as especialidad_es',
      'e.nombre_ca as especialidad_ca',
      'e.nombre_en as especialidad_en',
    ])
    .where((eb) => {
      const working = eb.and([
        eb('d.fecha_baja', 'is', null),
        eb('ud.eliminado_en', 'is', null),
        eb(
          'd.id_doctor',
          'in',
          eb.selectFrom('agenda as a').select('a.id_doctor').where('a.fecha', '=', fecha).where('a.tipo', '=', 'Consulta'),
        ),
      ]);
      return alsoIds.length > 0 ? eb.or([working, eb('d.id_doctor', 'in', [...alsoIds])]) : working;
    })
    .orderBy('ud.apellido1')
    .orderBy('ud.nombre')
    .orderBy('d.id_doctor')
    .execute();
}

/** One doctor, if still at the clinic. */
export async function findWorkingDoctor(db: Db, id_doctor: number) {
  return db
    .selectFrom('doctores as d')
    .innerJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .select(['d.id_doctor', 'ud.nombre', 'ud.apellido1', 'ud.apellido2', 'ud.sexo'])
    .where('d.id_doctor', '=', id_doctor)
    .where('d.fecha_baja', 'is', null)
    .where('ud.eliminado_en', 'is', null)
    .executeTakeFirst();
}

/** An active patient by their patient id. */
export async function findActivePatient(db: Db, id_paciente: number) {
  return db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as up', 'up.id_usuario', 'p.id_usuario')
    .select(['p.id_paciente'])
    .where('p.id_paciente', '=', id_paciente)
    .where('p.estado', '=', 'Activo')
    .where('up.eliminado_en', 'is', null)
    .executeTakeFirst();
}

/** Whether the patient has a visit still on (pending or confirmed, not closed) with the doctor on `fecha`. */
export async function hasOpenVisitThatDay(db: Db, id_paciente: number, id_doctor: number, fecha: string): Promise<boolean> {
  const row = await db
    .selectFrom('citas')
    .select('id_cita')
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .where('asistencia', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The doctor's free consultation slots of `fecha` not yet over at `time` (HH:MM), soonest first. */
export async function freeSlotsLeft(db: Db, id_doctor: number, fecha: string, time: string) {
  return db
    .selectFrom('agenda')
    .select(['id_agenda', 'hora_inicio', 'hora_fin'])
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('tipo', '=', 'Consulta')
    .where('estado', '=', 'Disponible')
    .where('hora_fin', '>', time)
    .orderBy('hora_inicio')
    .limit(20)
    .execute();
}
