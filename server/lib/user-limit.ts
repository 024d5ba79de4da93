import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, type MessageCode } from './errors.ts';
import { requestLanguage } from './language.ts';

/**
 * Documents one user may have the server draw in a minute, of each kind (each route counts its own).
 * Drawing a PDF holds the event loop for tens of milliseconds: sixty asked for at once by one patient
 * stalled every other request for most of a second. Ten a minute is more than anyone reading their
 * own file needs.
 */
export const DOCUMENTS_PER_MINUTE = 10;

/**
 * Registers per-user limits in the calling plugin, counted after authentication for each route and
 * user apart (in memory a store per route; in Redis, when configured, the route is in the key), so
 * instances sharing the load share the count. Routes opt in with `config.rateLimit: perUser(...)`.
 */
export async function registerUserLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => `${request.routeOptions.url}:${request.actor?.id_usuario ?? request.ip}`,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:user-limit:` } : {}),
  });
}

/** At most `max` calls of a route by one user in `windowMs`, then 429 `code` with Retry-After. */
export function perUser(max: number, windowMs: number, code: MessageCode) {
  return {
    max,
    timeWindow: windowMs,
    errorResponseBuilder: (request: FastifyRequest, limit: { ttl: number }) =>
      fail(429, code, requestLanguage(request), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(limit.ttl / 1000))) },
      }),
  };
}
