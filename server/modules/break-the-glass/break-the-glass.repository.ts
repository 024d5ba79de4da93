import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

// The doctors' stated reasons to open a record they do not treat (accesos_urgentes).

type Db = Kysely<Database> | Transaction<Database>;

/** Records a doctor's stated reason to open a patient's record until `caduca_en` (break the glass). */
export async function insertEmergencyAccess(
  db: Db,
  values: { id_doctor: number; id_paciente: number; motivo: string; creado_en: string; caduca_en: string },
): Promise<void> {
  await db.insertInto('accesos_urgentes').values(values).execute();
}

/**
 * Until when the doctor's stated reasons for this patient's record open it, if one is still valid at
 * `now` (the latest end, when a reason was stated again).
 */
export async function emergencyAccessUntil(db: Db, id_doctor: number, id_paciente: number, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accesos_urgentes')
    .select('caduca_en')
    .where('id_doctor', '=', id_doctor)
    .where('id_paciente', '=', id_paciente)
    .where('caduca_en', '>', now)
    .orderBy('caduca_en', 'desc')
    .executeTakeFirst();
  return row?.caduca_en;
}

/** Whether the doctor holds a stated reason for this patient's record that is still valid at `now`. */
export async function hasEmergencyAccess(db: Db, id_doctor: number, id_paciente: number, now: string): Promise<boolean> {
  return (await emergencyAccessUntil(db, id_doctor, id_paciente, now)) !== undefined;
}

/** A burst of openings by one doctor, as the administrators see it. */
export interface BurstAlert {
  id_alerta: number;
  id_doctor: number;
  doctor_nombre: string;
  doctor_apellido1: string;
  aperturas: number;
  desde: string;
  hasta: string;
}

/**
 * Counts the opening just recorded into the doctor's burst: with `threshold` or more openings
 * since `windowStart`, a burst still running (its last opening inside the window) grows by one;
 * otherwise one starts. Answers whether one started (the administrators are told then, once) and
 * how many openings it has; null below the threshold.
 */
export async function recordOpeningInBurst(
  db: Db,
  of: { id_doctor: number; now: string; windowStart: string; threshold: number },
): Promise<{ started: boolean; aperturas: number } | null> {
  const recent = await db
    .selectFrom('accesos_urgentes')
    .select([(eb) => eb.fn.countAll<number | string>().as('total'), (eb) => eb.fn.min('creado_en').as('first')])
    .where('id_doctor', '=', of.id_doctor)
    .where('creado_en', '>', of.windowStart)
    .executeTakeFirstOrThrow();
  const total = Number(recent.total);
  if (total < of.threshold) return null;
  const running = await db
    .selectFrom('alertas_acceso_urgente')
    .select(['id_alerta', 'aperturas'])
    .where('id_doctor', '=', of.id_doctor)
    .where('hasta', '>', of.windowStart)
    .orderBy('hasta', 'desc')
    .executeTakeFirst();
  if (running) {
    await db
      .updateTable('alertas_acceso_urgente')
      .set({ aperturas: running.aperturas + 1, hasta: of.now })
      .where('id_alerta', '=', running.id_alerta)
      .execute();
    return { started: false, aperturas: running.aperturas + 1 };
  }
  await db
    .insertInto('alertas_acceso_urgente')
    .values({ id_doctor: of.id_doctor, aperturas: total, desde: String(recent.first ?? of.now), hasta: of.now })
    .execute();
  return { started: true, aperturas: total };
}

/** The bursts whose last opening is after `since`, latest first, with the doctor's name. */
export async function recentBurstAlerts(db: Db, since: string, limit: number): Promise<BurstAlert[]> {
  return db
    .selectFrom('alertas_acceso_urgente as a')
    .innerJoin('doctores as d', 'd.id_doctor', 'a.id_doctor')
    .innerJoin('usuarios as u', 'u.id_usuario', 'd.id_usuario')
    .select(['a.id_alerta', 'a.id_doctor', 'u.nombre as doctor_nombre', 'u.apellido1 as doctor_apellido1', 'a.aperturas', 'a.desde', 'a.hasta'])
    .where('a.hasta', '>', since)
    .orderBy('a.hasta', 'desc')
    .limit(limit)
    .execute();
}

/** Whom a burst alert goes to: the clinic's active administrators. */
export async function activeAdministrators(db: Db) {
  return db
    .selectFrom('usuarios')
    .select(['correo', 'nombre', 'idioma'])
    .where('rol', '=', 'admin')
    .where('activo', '=', 1)
    .orderBy('id_usuario')
    .execute();
}
