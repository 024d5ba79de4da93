import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { normalizeForSearch } from '../../../contracts/common.ts';
import type { PacienteOpcion } from '../../../contracts/consultations.ts';
import { fullName } from '../../../contracts/names.ts';
import type { Database } from '../../db/schema/index.ts';
import { hasConsultationWithDoctor } from '../consultations/index.ts';
import { hasAppointmentWithDoctor } from './appointment-reads.repository.ts';

// Who a doctor treats: patients with an appointment or a consultation with them.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The condition "this patient has an active appointment or a consultation with the doctor", on a
 * query that has the patient as `p`: who a doctor treats, and so whose record they may open.
 */
export function treatedBy(id_doctor: number) {
  return (eb: ExpressionBuilder<Database & { p: Database['pacientes'] }, 'p'>) =>
    eb.or([
      hasAppointmentWithDoctor(id_doctor)(eb),
      hasConsultationWithDoctor(id_doctor)(eb),
    ]);
}

/** Whether a doctor treats a patient (see treatedBy). */
export async function doctorTreats(db: Db, id_doctor: number, id_paciente: number): Promise<boolean> {
  const row = await db
    .selectFrom('pacientes as p')
    .select('p.id_paciente')
    .where('p.id_paciente', '=', id_paciente)
    .where(treatedBy(id_doctor))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the patient has a visit with the doctor, not cancelled, on a day of [from, to]: what
 * opens their record to the doctor without a stated reason (break the glass otherwise).
 */
export async function doctorSeesWithin(db: Db, id_doctor: number, id_paciente: number, from: string, to: string): Promise<boolean> {
  const row = await db
    .selectFrom('citas')
    .select('id_cita')
    .where('id_paciente', '=', id_paciente)
    .where('id_doctor', '=', id_doctor)
    .where('estado', '<>', 'Cancelada')
    .where('fecha', '>=', from)
    .where('fecha', '<=', to)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Patients a doctor can pick, by name: all active ones, or only those the doctor treats. */
export async function listSelectablePatients(
  db: Db,
  filter: { buscar?: string | undefined; onlyTreatedBy?: number | undefined; offset: number; limit: number },
): Promise<{ items: PacienteOpcion[]; total: number }> {
  let base = db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .where('u.activo', '=', 1);
  const text = filter.buscar ? normalizeForSearch(filter.buscar) : '';
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where(sql<boolean>`${sql.ref('u.busqueda')} like ${pattern} escape '\\'`);
  }
  if (filter.onlyTreatedBy !== undefined) base = base.where(treatedBy(filter.onlyTreatedBy));
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['p.id_paciente', 'u.nombre', 'u.apellido1', 'u.apellido2', 'u.correo'])
    .orderBy('u.nombre')
    .orderBy('u.apellido1')
    .orderBy('p.id_paciente')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return {
    items: rows.map((row) => ({ id_paciente: row.id_paciente, nombre: fullName(row), correo: row.correo })),
    total: Number(total),
  };
}

