import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ReglasReserva } from '../../../contracts/booking-rules.ts';
import type { Database } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
type Source = Pick<FastifyInstance, 'db' | 'config'>;

const ID = 1;
/**
 * How long one instance trusts the row it read. Short, so an admin's change reaches every
 * instance behind the balancer within seconds without any shared cache; the instance that saved
 * it forgets its copy at once.
 */
const TTL_MS = 5_000;

const cache = new WeakMap<object, { rules: ReglasReserva; until: number }>();

async function readRules(db: Db, defaults: Source['config']['booking']): Promise<ReglasReserva> {
  const row = await db.selectFrom('reglas_reserva').selectAll().where('id_reglas', '=', ID).executeTakeFirstOrThrow();
  return {
    antelacion_reserva_min: row.antelacion_reserva_min,
    horizonte_dias: row.horizonte_dias,
    antelacion_cancelacion_min: row.antelacion_cancelacion_min,
    max_citas_activas: row.max_citas_activas ?? defaults.maxActivePerPatient,
    max_citas_doctor_dia: row.max_citas_doctor_dia ?? defaults.maxPerDoctorDay,
    limite_no_presentados: row.limite_no_presentados,
  };
}

/** The clinic's booking rules as they stand (a few seconds' cache per instance). */
export async function bookingRules(app: Source): Promise<ReglasReserva> {
  const cached = cache.get(app.db);
  if (cached && cached.until > Date.now()) return cached.rules;
  const rules = await readRules(app.db, app.config.booking);
  cache.set(app.db, { rules, until: Date.now() + TTL_MS });
  return rules;
}

/** The admin saves the rules: one row, audited, in one transaction; this instance re-reads at once. */
export async function saveBookingRules(app: Source & Pick<FastifyInstance, 'clock'>, caller: Caller, rules: ReglasReserva): Promise<ReglasReserva> {
  const now = app.clock.now().toISOString();
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable('reglas_reserva').set({ ...rules, actualizado_en: now }).where('id_reglas', '=', ID).execute();
    const detalle = Object.entries(rules)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ');
    await writeAudit(trx, actorAudit(caller.actor, caller.address, now, { accion: 'clinica.reglas', id_paciente: null, detalle }));
  });
  cache.delete(app.db);
  return bookingRules(app);
}
