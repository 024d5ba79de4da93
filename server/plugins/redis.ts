import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state between instances (rate limits, log-in throttling) when REDIS_URL is set. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(app.config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // A lost connection is retried by ioredis; /api/health/ready reports it meanwhile.
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis connection error'));
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    // QUIT needs a live connection; one being retried is just dropped.
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });
});
