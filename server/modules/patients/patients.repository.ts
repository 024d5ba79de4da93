import { sql, type Kysely, type Transaction } from 'kysely';
import { personalDataColumns, usuarioFichaOf } from '../users/index.ts';
import type { HistorialItem, TipoConsultaHistorial } from '../../../contracts/history.ts';
import type {
  Alergia,
  Discapacidad,
  Enfermedad,
  Habito,
  PerfilPaciente,
  PerfilPacienteUpdate,
  UltimaConsulta,
  Vacuna,
} from '../../../contracts/patient.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** "Nombre Apellido1 Apellido2", the way people's names are shown. */
export function fullName(person: { nombre: string; apellido1: string; apellido2?: string | null }): string {
  return [person.nombre, person.apellido1, person.apellido2].filter(Boolean).join(' ');
}

export async function findPatientAccount(db: Db, id_paciente: number) {
  return db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select([
      'p.id_paciente',
      'u.id_usuario',
      'u.nombre_usuario',
      ...personalDataColumns,
      'p.estado',
      'p.fecha_alta',
    ])
    .where('p.id_paciente', '=', id_paciente)
    .executeTakeFirst();
}

export type PatientAccount = NonNullable<Awaited<ReturnType<typeof findPatientAccount>>>;

/** The profile in the spec's shape (section 3). */
export function profileOf(account: PatientAccount): PerfilPaciente {
  return {
    usuario: usuarioFichaOf(account),
    estado: account.estado,
    fecha_alta: account.fecha_alta,
  };
}

/** Replaces the editable profile fields; absent optional fields are cleared. */
export async function updateProfile(db: Db, id_usuario: number, profile: PerfilPacienteUpdate, busqueda: string): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({
      nombre: profile.nombre,
      apellido1: profile.apellido1,
      apellido2: profile.apellido2 ?? null,
      dni: profile.dni ?? null,
      nacimiento: profile.nacimiento ?? null,
      sexo: profile.sexo ?? null,
      telefono: profile.telefono ?? null,
      direccion: profile.direccion ?? null,
      codigo_postal: profile.codigo_postal ?? null,
      localidad: profile.localidad ?? null,
      provincia: profile.provincia ?? null,
      pais: profile.pais ?? null,
      busqueda,
    })
    .where('id_usuario', '=', id_usuario)
    .execute();
}

// The sections of the medical file, newest first, with the spec's field names.

export async function listAllergies(db: Db, id_paciente: number): Promise<Alergia[]> {
  return db
    .selectFrom('alergias')
    .select(['id_alergia', 'nombre', 'fecha_diagnostico', 'observaciones'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_diagnostico', 'desc')
    .orderBy('id_alergia', 'desc')
    .execute();
}

export async function listDiseases(db: Db, id_paciente: number, options: { activeOnly?: boolean } = {}): Promise<Enfermedad[]> {
  let query = db
    .selectFrom('enfermedades')
    .select(['id_enfermedad', 'nombre', 'tipo', 'fecha_diagnostico', 'observaciones', 'activa'])
    .where('id_paciente', '=', id_paciente);
  if (options.activeOnly) query = query.where('activa', '=', 1);
  const rows = await query.orderBy('activa', 'desc').orderBy('fecha_diagnostico', 'desc').orderBy('id_enfermedad', 'desc').execute();
  return rows.map((row) => ({ ...row, activa: Number(row.activa) === 1 }));
}

export async function listDisabilities(db: Db, id_paciente: number): Promise<Discapacidad[]> {
  const rows = await db
    .selectFrom('discapacidades')
    .select(['id_discapacidad', 'tipo', 'porcentaje', 'fecha_diagnostico', 'descripcion'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_diagnostico', 'desc')
    .orderBy('id_discapacidad', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, porcentaje: row.porcentaje === null ? null : Number(row.porcentaje) }));
}

export async function listHabits(db: Db, id_paciente: number): Promise<Habito[]> {
  return db
    .selectFrom('habitos')
    .select(['id_habito', 'nombre', 'frecuencia', 'duracion', 'observaciones'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('id_habito', 'desc')
    .execute();
}

export async function listVaccines(db: Db, id_paciente: number): Promise<Vacuna[]> {
  return db
    .selectFrom('vacunas')
    .select(['id_vacuna', 'nombre', 'fecha_aplicacion', 'dosis', 'descripcion'])
    .where('id_paciente', '=', id_paciente)
    .orderBy('fecha_aplicacion', 'desc')
    .orderBy('id_vacuna', 'desc')
    .execute();
}

function consultationsWithPeople(db: Db) {
  return db
    .selectFrom('consultas as c')
    .innerJoin('doctores as d', 'd.id_doctor', 'c.id_doctor')
    .innerJoin('usuarios as du', 'du.id_usuario', 'd.id_usuario')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as pu', 'pu.id_usuario', 'p.id_usuario');
}

/** The most recent finished consultation, or undefined. */
export async function findLastConsultation(db: Db, id_paciente: number): Promise<UltimaConsulta | undefined> {
  const row = await consultationsWithPeople(db)
    .select([
      'c.id_consulta',
      'c.fecha',
      'c.hora',
      'c.tipo',
      'c.motivo',
      'c.diagnostico',
      'c.recomendaciones',
      'du.nombre',
      'du.apellido1',
      'du.apellido2',
    ])
    .where('c.id_paciente', '=', id_paciente)
    .where('c.estado', '=', 'finalizada')
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id_consulta: row.id_consulta,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    tipo: row.tipo,
    doctor: fullName(row),
    motivo: row.motivo,
    diagnostico: row.diagnostico,
    recomendaciones: row.recomendaciones,
  };
}

/** The patient's next appointment (today from `time` on, or later) that is not cancelled. */
export async function findNextAppointment(db: Db, id_paciente: number, today: string, time: string) {
  const row = await db
    .selectFrom('citas as ci')
    .innerJoin('doctores as d', 'd.id_doctor', 'ci.id_doctor')
    .innerJoin('usuarios as du', 'du.id_usuario', 'd.id_usuario')
    .innerJoin('especialidades as e', 'e.id_especialidad', 'd.id_especialidad')
    .select([
      'ci.id_cita',
      'ci.fecha',
      'ci.hora',
      'ci.motivo',
      'ci.estado',
      'du.nombre',
      'du.apellido1',
      'du.apellido2',
      'e.nombre as especialidad',
    ])
    .where('ci.id_paciente', '=', id_paciente)
    .where('ci.estado', '<>', 'Cancelada')
    .where((eb) => eb.or([eb('ci.fecha', '>', today), eb.and([eb('ci.fecha', '=', today), eb('ci.hora', '>=', time)])]))
    .orderBy('ci.fecha')
    .orderBy('ci.hora')
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

/** Whether a doctor has (or had) an appointment that was not cancelled, or a consultation, with a patient. */
export async function doctorAttendsPatient(db: Db, id_doctor: number, id_paciente: number): Promise<boolean> {
  const [cita, consulta] = await Promise.all([
    db
      .selectFrom('citas')
      .select('id_cita')
      .where('id_doctor', '=', id_doctor)
      .where('id_paciente', '=', id_paciente)
      .where('estado', '<>', 'Cancelada')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('consultas')
      .select('id_consulta')
      .where('id_doctor', '=', id_doctor)
      .where('id_paciente', '=', id_paciente)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return cita !== undefined || consulta !== undefined;
}

// History: the consultations of a patient (or of a doctor), filtered as the spec's screen filters.

export interface HistoryScope {
  id_paciente?: number;
  id_doctor?: number;
}

export interface HistoryFilter {
  /** The types the type filter selects (undefined: every type). */
  tipos?: readonly TipoConsultaHistorial[];
  /** A date substring ('2026-03'). */
  fecha?: string | undefined;
  /** A range of days, both included (YYYY-MM-DD). */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** Only consultations whose time has begun by this local day and time: a visit to come is not history. */
  begunBy: { today: string; time: string };
}

function historyQuery(db: Db, scope: HistoryScope, filter: HistoryFilter) {
  let query = consultationsWithPeople(db);
  if (scope.id_paciente !== undefined) query = query.where('c.id_paciente', '=', scope.id_paciente);
  if (scope.id_doctor !== undefined) query = query.where('c.id_doctor', '=', scope.id_doctor);
  if (filter.tipos) {
    const tipos = [...filter.tipos];
    query = tipos.length ? query.where('c.tipo', 'in', tipos) : query.where(sql<boolean>`1 = 0`);
  }
  if (filter.fecha) query = query.where('c.fecha', 'like', `%${filter.fecha.replace(/[%_\\]/g, '')}%`);
  if (filter.desde) query = query.where('c.fecha', '>=', filter.desde);
  if (filter.hasta) query = query.where('c.fecha', '<=', filter.hasta);
  const { today, time } = filter.begunBy;
  return query.where((eb) => eb.or([eb('c.fecha', '<', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '<=', time)])]));
}

export async function listHistory(
  db: Db,
  scope: HistoryScope,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<HistorialItem[]> {
  const rows = await historyQuery(db, scope, filter)
    .select([
      'c.id_consulta',
      'c.fecha',
      'c.hora',
      'c.tipo',
      'c.descripcion',
      'c.motivo',
      'c.estado',
      'du.nombre as doctor_nombre',
      'du.apellido1 as doctor_apellido1',
      'du.apellido2 as doctor_apellido2',
      'pu.nombre as paciente_nombre',
      'pu.apellido1 as paciente_apellido1',
      'pu.apellido2 as paciente_apellido2',
    ])
    .orderBy('c.fecha', 'desc')
    .orderBy('c.hora', 'desc')
    .orderBy('c.id_consulta', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id_consulta: row.id_consulta,
    fecha: row.fecha,
    hora: row.hora.slice(0, 5),
    consulta: row.tipo,
    descripcion: row.descripcion,
    doctor: fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: row.doctor_apellido2 }),
    paciente: fullName({ nombre: row.paciente_nombre, apellido1: row.paciente_apellido1, apellido2: row.paciente_apellido2 }),
    motivo: row.motivo,
    estado: row.estado,
  }));
}

export async function countHistory(db: Db, scope: HistoryScope, filter: HistoryFilter): Promise<number> {
  const row = await historyQuery(db, scope, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The stats cards: how many, the latest consultation up to `today`, and the most frequent type. */
export async function historyStats(db: Db, scope: HistoryScope, filter: HistoryFilter, today: string) {
  const byType = await historyQuery(db, scope, filter)
    .select(['c.tipo', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('c.tipo')
    .execute();
  const last = await historyQuery(db, scope, filter)
    .select((eb) => eb.fn.max('c.fecha').as('fecha'))
    .where('c.fecha', '<=', today)
    .executeTakeFirst();
  const counted = byType.map((row) => ({ tipo: row.tipo, n: Number(row.n) }));
  // Ties go to the type listed first (Consulta, Revisión, Urgencia) so the answer is stable.
  const order = ['Consulta', 'Revisión', 'Urgencia'];
  counted.sort((a, b) => b.n - a.n || order.indexOf(a.tipo) - order.indexOf(b.tipo));
  return {
    total: counted.reduce((sum, row) => sum + row.n, 0),
    ultima_consulta: last?.fecha ?? null,
    tipo_mas_frecuente: counted[0]?.tipo ?? null,
  };
}
