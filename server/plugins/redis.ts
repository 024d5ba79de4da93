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
  await redis.connect();
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit();
  });
});
