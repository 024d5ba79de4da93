import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { throttleAddress } from '../lib/address.ts';
import { fail } from '../lib/errors.ts';
import { requestLanguage } from '../lib/language.ts';

/**
 * Limits the routes registered after it in this plugin to `max` requests an hour from one address
 * (self-service sign-ups and contact messages), counted in Redis when several instances
 * share the load. Every answer counts, a 409 included, so whether someone is already registered
 * cannot be learnt faster than the limit. IPv6 addresses count by their /64.
 */
export async function limitPerAddressPerHour(app: FastifyInstance, name: string, max: number): Promise<void> {
  await app.register(rateLimit, {
    max,
    timeWindow: '1 hour',
    keyGenerator: (request) => throttleAddress(request.ip),
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:${name}-ip:` } : {}),
    errorResponseBuilder: (request, context) =>
      fail(429, 'demasiadas_solicitudes', requestLanguage(request), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}
