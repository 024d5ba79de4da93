import { type ExpressionBuilder, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Consulta } from '../../../contracts/consultations.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import type { CitasTable, ConsultasTable, Database } from '../../db/schema/index.ts';
import { fullName } from '../../../contracts/names.ts';
import { specialtyNameColumn } from '../specialties/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Consultations with their patient's and doctor's names (what every consultation list shows). */
export function consultasQuery(db: Db) {
  return db
    .selectFrom('consultas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as up', 'up.id_usuario', 'p.id_usuario')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as ud', 'ud.id_usuario', 'd.id_usuario')
    .select([
      'c.id_consulta',
      'c.id_paciente',
      'c.id_doctor',
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.tipo',
      'c.motivo',
      'c.descripcion',
      'c.diagnostico',
      'c.recomendaciones',
      'c.estado',
      'c.finalizada_en',
      'up.nombre as p_nombre',
      'up.apellido1 as p_apellido1',
      'up.apellido2 as p_apellido2',
      'ud.nombre as d_nombre',
      'ud.apellido1 as d_apellido1',
      'ud.apellido2 as d_apellido2',
    ]);
}

type ConsultationRow = Awaited<ReturnType<ReturnType<typeof consultasQuery>['executeTakeFirstOrThrow']>>;

export function toConsultation(row: ConsultationRow): Consulta {
  const { p_nombre, p_apellido1, p_apellido2, d_nombre, d_apellido1, d_apellido2, ...consulta } = row;
  return {
    ...consulta,
    hora: consulta.hora.slice(0, 5),
    paciente_nombre: fullName({ nombre: p_nombre, apellido1: p_apellido1, apellido2: p_apellido2 }),
    doctor: fullName({ nombre: d_nombre, apellido1: d_apellido1, apellido2: d_apellido2 }),
  };
}

export async function findConsultation(db: Db, id_consulta: number): Promise<Consulta | undefined> {
  const row = await consultasQuery(db).where('c.id_consulta', '=', id_consulta).executeTakeFirst();
  return row && toConsultation(row);
}

/** A page of a doctor's consultations, newest first, optionally in one estado; and the total. */
export async function listDoctorConsultations(
  db: Db,
  id_doctor: number,
  filter: { estado?: ConsultasTable['estado'] | undefined; offset: number; limit: number },
): Promise<{ items: Consulta[]; total: number }> {
  let base = db.selectFrom('consultas as c').where('c.id_doctor', '=', id_doctor);
  if (filter.estado) base = base.where('c.estado', '=', filter.estado);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let query = consultasQuery(db).where('c.id_doctor', '=', id_doctor);
  if (filter.estado) query = query.where('c.estado', '=', filter.estado);
  const rows = await query
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  return { items: rows.map(toConsultation), total: Number(total) };
}

export async function insertConsultation(db: Db, values: Insertable<ConsultasTable>): Promise<number> {
  const row = await db.insertInto('consultas').values(values).returning('id_consulta').executeTakeFirstOrThrow();
  return row.id_consulta;
}

/** Completes a consultation unless it already was; false when it was. */
export async function finishConsultation(
  db: Db,
  id_consulta: number,
  change: { diagnostico: string; recomendaciones: string | null; finalizada_en: string },
): Promise<boolean> {
  const result = await db
    .updateTable('consultas')
    .set({ ...change, estado: 'finalizada' })
    .where('id_consulta', '=', id_consulta)
    .where('estado', '<>', 'finalizada')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The condition "this patient has a consultation with the doctor", on a query that has the patient
 * as `p` (part of who a doctor treats: the appointments module's treatedBy).
 */
export function hasConsultationWithDoctor(id_doctor: number) {
  return (eb: ExpressionBuilder<Database & { p: Database['pacientes'] }, 'p'>) =>
    eb.exists(
      eb
        .selectFrom('consultas as tq')
        .select('tq.id_consulta')
        .whereRef('tq.id_paciente', '=', 'p.id_paciente')
        .where('tq.id_doctor', '=', id_doctor),
    );
}

/**
 * The patient file of an account (the id GET /api/usuarios hands out), when the
 * account is active and a patient's.
 */
export async function findActivePatientOfAccount(db: Db, id_usuario: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select('p.id_paciente')
    .where('u.id_usuario', '=', id_usuario)
    .where('u.activo', '=', 1)
    .where('u.rol', '=', 'paciente')
    .executeTakeFirst();
  return row?.id_paciente;
}

/** Accepting a request opens its consultation (estado confirmada), completed later in the record. */
export async function openConsultationFor(
  db: Db,
  cita: Pick<CitasTable, 'id_paciente' | 'id_doctor' | 'fecha' | 'hora' | 'motivo'> & { id_cita: number },
  creado_en: string,
): Promise<void> {
  const existing = await db.selectFrom('consultas').select('id_consulta').where('id_cita', '=', cita.id_cita).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('consultas')
    .values({
      id_paciente: cita.id_paciente,
      id_doctor: cita.id_doctor,
      id_cita: cita.id_cita,
      fecha: cita.fecha,
      hora: cita.hora,
      tipo: 'Consulta',
      motivo: cita.motivo,
      descripcion: null,
      diagnostico: null,
      recomendaciones: null,
      estado: 'confirmada',
      creado_en,
      finalizada_en: null,
    })
    .execute();
}

/** The consultation a confirmation opened and nobody completed: a visit that did not happen has none. */
export async function removeOpenConsultation(db: Db, id_cita: number): Promise<void> {
  await db.deleteFrom('consultas').where('id_cita', '=', id_cita).where('estado', '<>', 'finalizada').execute();
}

/** Every consultation, whatever its state, with the full clinical text. */
export async function listPatientConsultationsForExport(db: Db, id_paciente: number, language: Language) {
  const rows = await db
    .selectFrom('consultas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'c.id_consulta',
      'c.id_cita',
      'c.fecha',
      'c.hora',
      'c.tipo',
      'c.estado',
      'c.motivo',
      'c.descripcion',
      'c.diagnostico',
      'c.recomendaciones',
      'c.creado_en',
      'c.finalizada_en',
      'u.nombre',
      'u.apellido1',
      'u.apellido2',
      `${specialtyNameColumn(language)} as especialidad`,
    ])
    .where('c.id_paciente', '=', id_paciente)
    .orderBy('c.fecha')
    .orderBy('c.hora')
    .orderBy('c.id_consulta')
    .execute();
  return rows.map(({ nombre, apellido1, apellido2, ...row }) => ({
    ...row,
    hora: row.hora.slice(0, 5),
    doctor: fullName({ nombre, apellido1, apellido2 }),
  }));
}
