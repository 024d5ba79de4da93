import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

// "Primeros huecos libres": the next free times across a specialty's doctors (or one doctor's),
// soonest first across days, as the front desk offers them on the phone.

type Db = Kysely<Database> | Transaction<Database>;

export interface FreeSlotRow {
  id_agenda: number;
  id_doctor: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  nombre: string;
  apellido1: string;
  apellido2: string | null;
  id_especialidad: number;
  especialidad_es: string;
  especialidad_ca: string;
  especialidad_en: string;
}

export interface FreeSlotScope {
  id_especialidad?: number | undefined;
  id_doctor?: number | undefined;
  /** The first day and, on it, the first start time (HH:MM) still bookable. */
  fromDay: string;
  fromTime: string;
  /** The last bookable day, inclusive. */
  lastDay: string;
  limit: number;
  offset: number;
}

/**
 * Free consultation slots of bookable doctors (active profile and account) in the window, in time
 * order, then by doctor's surname so equal times come in a stable order. Blocked slots (absences,
 * manual blocks) and taken ones are never free.
 */
export async function listFirstFreeSlots(db: Db, scope: FreeSlotScope): Promise<FreeSlotRow[]> {
  return db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'a.id_agenda',
      'a.id_doctor',
      'a.fecha',
      'a.hora_inicio',
      'a.hora_fin',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      'e.id_especialidad',
      'e.nombre as especialidad_es',
      'e.nombre_ca as especialidad_ca',
      'e.nombre_en as especialidad_en',
    ])
    .where('d.estado', '=', 'Activo')
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'doctor')
    .$if(scope.id_especialidad !== undefined, (query) => query.where('d.id_especialidad', '=', scope.id_especialidad as number))
    .$if(scope.id_doctor !== undefined, (query) => query.where('d.id_doctor', '=', scope.id_doctor as number))
    .where('a.tipo', '=', 'Consulta')
    .where('a.estado', '=', 'Disponible')
    .where('a.fecha', '<=', scope.lastDay)
    .where((eb) =>
      eb.or([eb('a.fecha', '>', scope.fromDay), eb.and([eb('a.fecha', '=', scope.fromDay), eb('a.hora_inicio', '>=', scope.fromTime)])]),
    )
    .orderBy('a.fecha')
    .orderBy('a.hora_inicio')
    .orderBy('u.apellido1')
    .orderBy('a.id_doctor')
    .limit(scope.limit)
    .offset(scope.offset)
    .execute();
}

/** One slot with its doctor, bookable or not (the desk's booking and move check it). */
export async function findSlotWithDoctor(db: Db, id_agenda: number) {
  return db
    .selectFrom('agenda as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select([
      'a.id_agenda',
      'a.id_doctor',
      'a.fecha',
      'a.hora_inicio',
      'a.hora_fin',
      'a.tipo',
      'a.estado',
      'd.id_especialidad',
      'd.estado as doctor_estado',
      'u.activo as doctor_activo',
      'u.rol as doctor_rol',
    ])
    .where('a.id_agenda', '=', id_agenda)
    .executeTakeFirst();
}
