import { fullName } from '../../../contracts/names.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { TIPOS_CONSULTA } from '../../../contracts/consultation-types.ts';
import type { HistorialItem, TipoConsultaHistorial } from '../../../contracts/history.ts';
import type { UltimaConsulta } from '../../../contracts/clinical-file.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema/index.ts';

// The consultations as the patient's history and summary show them (with doctor and specialty).

type Db = Kysely<Database> | Transaction<Database>;

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

/** The filter as the query takes it: the date substring already a LIKE pattern. */
type HistoryWhere = Omit<HistoryFilter, 'fecha'> & { fechaLike: string | undefined };

function historyWhere({ fecha, ...filter }: HistoryFilter): HistoryWhere {
  return { ...filter, fechaLike: fecha ? `%${fecha.replace(/[%_\\]/g, '')}%` : undefined };
}

function historyQuery(db: Db, scope: HistoryScope, filter: HistoryWhere) {
  let query = consultationsWithPeople(db);
  if (scope.id_paciente !== undefined) query = query.where('c.id_paciente', '=', scope.id_paciente);
  if (scope.id_doctor !== undefined) query = query.where('c.id_doctor', '=', scope.id_doctor);
  if (filter.tipos) {
    const tipos = [...filter.tipos];
    query = tipos.length ? query.where('c.tipo', 'in', tipos) : query.where(sql<boolean>`1 = 0`);
  }
  if (filter.fechaLike) query = query.where('c.fecha', 'like', filter.fechaLike);
  if (filter.desde) query = query.where('c.fecha', '>=', filter.desde);
  if (filter.hasta) query = query.where('c.fecha', '<=', filter.hasta);
  const { today, time } = filter.begunBy;
  return query.where((eb) => eb.or([eb('c.fecha', '<', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '<=', time)])]));
}

// A patient's history is read on every visit to the file: its two queries are compiled once per shape.
const historyPage = compiledOnce((db, scope: HistoryScope, filter: HistoryWhere, page: { limit: number; offset: number }) =>
  historyQuery(db, scope, filter)
    // The visit the consultation belongs to: the type it was booked as.
    .leftJoin('citas as v', 'v.id_cita', 'c.id_cita')
    .select([
      'v.id_tipo_visita',
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
    .offset(page.offset),
);

const historyCount = compiledOnce((db, scope: HistoryScope, filter: HistoryWhere) =>
  historyQuery(db, scope, filter).select((eb) => eb.fn.countAll<number>().as('n')),
);

export async function listHistory(
  db: Db,
  scope: HistoryScope,
  filter: HistoryFilter,
  page: { limit: number; offset: number },
): Promise<(HistorialItem & { id_tipo_visita: number | null })[]> {
  const { rows } = await historyPage(db, scope, historyWhere(filter), page);
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
    id_tipo_visita: row.id_tipo_visita,
  }));
}

export async function countHistory(db: Db, scope: HistoryScope, filter: HistoryFilter): Promise<number> {
  const { rows } = await historyCount(db, scope, historyWhere(filter));
  return Number(rows[0]?.n ?? 0);
}

/** The stats cards: how many, the latest consultation up to `today`, and the most frequent type. */
export async function historyStats(db: Db, scope: HistoryScope, filter: HistoryFilter, today: string) {
  const where = historyWhere(filter);
  const byType = await historyQuery(db, scope, where)
    .select(['c.tipo', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('c.tipo')
    .execute();
  const last = await historyQuery(db, scope, where)
    .select((eb) => eb.fn.max('c.fecha').as('fecha'))
    .where('c.fecha', '<=', today)
    .executeTakeFirst();
  const counted = byType.map((row) => ({ tipo: row.tipo, n: Number(row.n) }));
  // Ties go to the type listed first (Consulta, Revisión, Urgencia) so the answer is stable.
  counted.sort((a, b) => b.n - a.n || TIPOS_CONSULTA.indexOf(a.tipo) - TIPOS_CONSULTA.indexOf(b.tipo));
  return {
    total: counted.reduce((sum, row) => sum + row.n, 0),
    ultima_consulta: last?.fecha ?? null,
    tipo_mas_frecuente: counted[0]?.tipo ?? null,
  };
}
