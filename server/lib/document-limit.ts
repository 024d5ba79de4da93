import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from './errors.ts';
import { requestLanguage } from './language.ts';

/**
 * Documents one user may have the server draw in a minute, of each kind (each route counts its own).
 * Drawing a PDF holds the event
 * loop for tens of milliseconds: sixty asked for at once by one patient stalled every other
 * request for most of a second. Ten a minute is more than anyone reading their own file needs.
 */
export const DOCUMENTS_PER_MINUTE = 10;

/**
 * Registers the per-user limit in the calling plugin (after authentication, shared between
 * instances through Redis when configured) and returns the route option that applies it.
 */
export async function documentLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // The route is in the key: counted apart in memory (a store per route) and in Redis alike.
    keyGenerator: (request) => `${request.routeOptions.url}:${request.actor?.id_usuario ?? request.ip}`,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:documents-user:` } : {}),
    errorResponseBuilder: (request, limit) =>
      fail(429, 'demasiados_documentos', requestLanguage(request), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(limit.ttl / 1000))) },
      }),
  });
  return { max: DOCUMENTS_PER_MINUTE, timeWindow: 60_000 };
}
