import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { appointmentDoctorColumns, appointmentsWithPeople } from './appointment-reads.repository.ts';

// What the front desk reads and writes of a patient's visits, beside the booking's own writes.

type Db = Kysely<Database> | Transaction<Database>;

/** Whose visit (c), with which doctor, on which slot and when: what a desk's move or cancellation starts from. */
const visitPlaceColumns = ['c.id_cita', 'c.id_paciente', 'c.id_doctor', 'c.id_agenda', 'c.fecha', 'c.hora'] as const;

/** A patient the desk may book for (an active record of an active patient account): identity and contact only. */
export async function findBookablePatient(db: Db, id_paciente: number) {
  return db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(['p.id_paciente', 'u.nombre', 'u.apellido1', 'u.apellido2', 'u.telefono', 'u.correo'])
    .where('p.id_paciente', '=', id_paciente)
    .where('p.estado', '=', 'Activo')
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'paciente')
    .executeTakeFirst();
}

/** The patient's pending or confirmed visits from now on, soonest first (the caps keep them few). */
export async function listUpcomingVisits(db: Db, of: { id_paciente?: number; id_cita?: number; today: string; time: string }) {
  return appointmentsWithPeople(db)
    .select([
      ...visitPlaceColumns,
      'c.estado',
      'c.limite_forzado',
      'c.id_tipo_visita',
      'd.id_especialidad',
      ...appointmentDoctorColumns,
    ])
    .$if(of.id_paciente !== undefined, (query) => query.where('c.id_paciente', '=', of.id_paciente as number))
    .$if(of.id_cita !== undefined, (query) => query.where('c.id_cita', '=', of.id_cita as number))
    .where('c.estado', 'in', ['pendiente', 'Confirmada'])
    .where((eb) => eb.or([eb('c.fecha', '>', of.today), eb.and([eb('c.fecha', '=', of.today), eb('c.hora', '>', of.time)])]))
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_cita')
    .execute();
}

/** One visit with its doctor's specialty, whatever its state (a move or a cancellation reads it first). */
export async function findVisitWithSpecialty(db: Db, id_cita: number) {
  return db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .select([
      ...visitPlaceColumns,
      'c.motivo',
      'c.estado',
      'c.recordatorio',
      'c.duracion_min',
      'd.id_especialidad',
    ])
    .where('c.id_cita', '=', id_cita)
    .executeTakeFirst();
}

/**
 * Moves an active visit onto a slot the caller has taken, maybe of another doctor, conditional on
 * it still being active on its old slot: of two desks moving it at once, the second finds it
 * elsewhere (false). The desk arranged the time with the patient, so the visit is confirmed; it
 * keeps its id and reason and gets a new calendar revision.
 */
export async function moveVisitByDesk(
  db: Db,
  move: { id_cita: number; from_agenda: number; id_agenda: number; id_doctor: number; fecha: string; hora: string; actualizado_en: string; limite_forzado: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('citas')
    .set((eb) => ({
      id_agenda: move.id_agenda,
      id_doctor: move.id_doctor,
      fecha: move.fecha,
      hora: move.hora,
      estado: 'Confirmada' as const,
      actualizado_en: move.actualizado_en,
      secuencia: eb('secuencia', '+', 1),
      ...(move.limite_forzado === null ? {} : { limite_forzado: move.limite_forzado }),
    }))
    .where('id_cita', '=', move.id_cita)
    .where('id_agenda', '=', move.from_agenda)
    .where('estado', 'in', ['pendiente', 'Confirmada'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the desk's reason for passing a cap with the visit it booked. */
export async function setCapOverride(db: Db, id_cita: number, limite_forzado: string): Promise<void> {
  await db.updateTable('citas').set({ limite_forzado }).where('id_cita', '=', id_cita).execute();
}
