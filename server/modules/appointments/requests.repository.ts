import type { Kysely, Transaction } from 'kysely';
import type { Solicitud, SolicitudBandeja, SolicitudesPorDia } from '../../../contracts/agenda.ts';
import { fullName } from '../../../contracts/names.ts';
import type { Database } from '../../db/schema/index.ts';
import { dayNumbers } from '../../lib/slots.ts';
import { countingNoShow } from './appointments.repository.ts';

// The doctor's side of patients' requests: which days have them, the inbox, a day's, and each
// patient's no-shows beside them.

type Db = Kysely<Database> | Transaction<Database>;

/** No-shows on or after `desde` for several patients at once (the doctor's lists), by patient. */
export async function noShowsByPatient(db: Db, ids: readonly number[], desde: string): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('citas')
    .select(['id_paciente', (eb) => eb.fn.countAll<number | string>().as('total')])
    .where('id_paciente', 'in', [...new Set(ids)])
    .where(countingNoShow)
    .where('fecha', '>=', desde)
    .groupBy('id_paciente')
    .execute();
  return new Map(rows.map((row) => [row.id_paciente, Number(row.total)]));
}

/** Days of [from, to) with at least one pending appointment request. */
export async function pendingDays(db: Db, id_doctor: number, from: string, to: string): Promise<number[]> {
  const rows = await db
    .selectFrom('citas')
    .select('fecha')
    .distinct()
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'pendiente')
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .execute();
  return dayNumbers(rows);
}

/** How many pending requests each day of [from, to) has, days in order. */
export async function pendingCounts(db: Db, id_doctor: number, from: string, to: string): Promise<SolicitudesPorDia> {
  const rows = await db
    .selectFrom('citas')
    .select(['fecha', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('id_doctor', '=', id_doctor)
    .where('estado', '=', 'pendiente')
    .where('fecha', '>=', from)
    .where('fecha', '<', to)
    .groupBy('fecha')
    .orderBy('fecha')
    .execute();
  return rows.map((row) => ({ dia: Number(row.fecha.slice(8, 10)), solicitudes: Number(row.n) }));
}

/**
 * A page of the doctor's pending requests whose visit is still to come (after the clinic's local
 * `today` `time`), oldest request first, and how many there are in all.
 */
export async function inboxRequests(
  db: Db,
  options: { id_doctor: number; today: string; time: string; limit: number; offset: number },
): Promise<{ rows: Omit<SolicitudBandeja, 'no_presentados'>[]; total: number }> {
  const { id_doctor, today, time } = options;
  const base = db
    .selectFrom('citas as c')
    .where('c.id_doctor', '=', id_doctor)
    .where('c.estado', '=', 'pendiente')
    .where((eb) => eb.or([eb('c.fecha', '>', today), eb.and([eb('c.fecha', '=', today), eb('c.hora', '>', time)])]));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
      .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
      .select(['c.id_cita', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.estado', 'c.creado_en', 'u.nombre', 'u.apellido1', 'u.apellido2'])
      .orderBy('c.creado_en')
      .orderBy('c.id_cita')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(({ nombre, apellido1, apellido2, ...cita }) => ({ ...cita, paciente: fullName({ nombre, apellido1, apellido2 }) })),
    total: Number(count.n),
  };
}

/** A day's pending requests, in time order. */
export async function dayRequests(db: Db, id_doctor: number, fecha: string): Promise<Omit<Solicitud, 'no_presentados'>[]> {
  const rows = await db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(['c.id_cita', 'c.id_paciente', 'c.fecha', 'c.hora', 'c.motivo', 'c.estado', 'u.nombre', 'u.apellido1', 'u.apellido2'])
    .where('c.id_doctor', '=', id_doctor)
    .where('c.fecha', '=', fecha)
    .where('c.estado', '=', 'pendiente')
    .orderBy('c.hora')
    .execute();
  return rows.map(({ nombre, apellido1, apellido2, ...cita }) => ({
    ...cita,
    paciente: fullName({ nombre, apellido1, apellido2 }),
  }));
}
