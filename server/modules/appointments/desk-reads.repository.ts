import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import { fullName } from '../../../contracts/names.ts';
import type { DialectName } from '../../db/index.ts';
import type { Database } from '../../db/schema/index.ts';
import { isOneOf } from '../../db/sql.ts';
import { specialtyNameColumn } from '../specialties/index.ts';
import { appointmentsWithLatestReminder, latestReminderColumns, reminderOf } from './appointment-reads.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The next visit not cancelled of each of some patients (the desk's search results), from the
 * (id_paciente, fecha) index: one query for the page, never one per patient.
 */
export async function nextAppointmentsOf(db: Db, dialect: DialectName, ids: readonly number[], today: string, time: string) {
  const next = new Map<number, { id_cita: number; fecha: string; hora: string; doctor: string }>();
  if (ids.length === 0) return next;
  const rows = await db
    .selectFrom('citas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .select(['c.id_paciente', 'c.id_cita', 'c.fecha', 'c.hora', 'ud.nombre', 'ud.apellido1', 'ud.apellido2'])
    .where(isOneOf(dialect, 'c.id_paciente', ids))
    .where('c.fecha', '>=', today)
    .where('c.estado', '<>', 'Cancelada')
    .orderBy('c.id_paciente')
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .execute();
  for (const row of rows) {
    if (next.has(row.id_paciente)) continue;
    if (row.fecha === today && row.hora.slice(0, 5) < time) continue;
    next.set(row.id_paciente, { id_cita: row.id_cita, fecha: row.fecha, hora: row.hora.slice(0, 5), doctor: fullName(row) });
  }
  return next;
}

/**
 * Every visit of a patient for the front desk, newest first: when, with whom, state and attendance,
 * with its reminder. Never the reason the patient gave: that is clinical.
 */
export async function deskVisitsOf(db: Db, id_paciente: number, language: Language) {
  const rows = await appointmentsWithLatestReminder(db)
    .select([
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.estado',
      'c.asistencia',
      'c.confirmada_paciente_en',
      'ud.nombre',
      'ud.apellido1',
      'ud.apellido2',
      `${specialtyNameColumn(language)} as especialidad`,
      ...latestReminderColumns,
    ])
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_cita', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id_cita: row.id_cita,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    doctor: fullName(row),
    especialidad: row.especialidad,
    estado: row.estado,
    asistencia: row.asistencia,
    confirmada_paciente: row.confirmada_paciente_en !== null,
    aviso: reminderOf(row),
  }));
}
