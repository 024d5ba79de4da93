import type { FastifyInstance } from 'fastify';
import { checkDatabase } from '../../db/index.ts';

/** How long a dependency may take to answer a probe before it counts as not answering. */
const PROBE_TIMEOUT_MS = 2000;

export interface Readiness {
  base_de_datos: 'ok' | 'sin_respuesta';
  redis: 'ok' | 'sin_respuesta' | 'no_configurado';
}

/** Resolves true when `check` settles in time without an error. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database answers a query and, when REDIS_URL is set, Redis
 * answers a PING. A Redis connection that is down is not asked at all (its commands would wait in
 * the offline queue until the probe times out).
 */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  const redis = app.redis;
  const [database, redisAnswers] = await Promise.all([
    answers(() => checkDatabase(app.database)),
    redis ? (redis.status === 'ready' ? answers(() => redis.ping()) : Promise.resolve(false)) : Promise.resolve(undefined),
  ]);
  return {
    base_de_datos: database ? 'ok' : 'sin_respuesta',
    redis: redisAnswers === undefined ? 'no_configurado' : redisAnswers ? 'ok' : 'sin_respuesta',
  };
}
