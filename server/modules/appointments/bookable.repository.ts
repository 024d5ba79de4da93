import type { Kysely, Transaction } from 'kysely';
import { doctorNameColumns } from '../../db/columns.ts';
import type { AgendaTable, Database } from '../../db/schema/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';

// The doctors and slots a patient may book: read on every look at availability and every booking.

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

/** Doctors a patient may book with: active profile, active account, still a doctor. */
export function bookableDoctors(db: Db) {
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
