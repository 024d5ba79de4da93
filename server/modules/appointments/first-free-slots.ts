import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { bookableDoctors, type DoctorRow } from './bookable.repository.ts';

// "Primeros huecos libres": the next free times across a specialty's doctors (or one doctor's),
// soonest first across days, as the front desk offers them on the phone.

type Db = Kysely<Database> | Transaction<Database>;

export interface FreeSlotRow extends DoctorRow {
  id_agenda: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
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
  return bookableDoctors(db)
    .innerJoin('agenda as a', 'a.id_doctor', 'd.id_doctor')
    .select(['a.id_agenda', 'a.fecha', 'a.hora_inicio', 'a.hora_fin'])
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
