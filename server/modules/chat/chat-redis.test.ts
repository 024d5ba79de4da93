import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../../testing/test-server.ts';

// Several instances must share the per-user chat limit: it is counted in Redis when REDIS_URL is
// set. Runs against the real Redis of REDIS_TEST_URL (required in CI).
const redisUrl = process.env.REDIS_TEST_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI requires REDIS_TEST_URL');

describe.runIf(redisUrl)('chat rate limit shared through Redis', () => {
  const prefix = `test${randomBytes(4).toString('hex')}`;
  const server = useTestServer('sqlite', { env: { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix, CHAT_MAX_PER_MINUTE: '2' } });
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts each user’s questions in Redis and refuses the one over the limit', async () => {
    const user = await server.createUser('paciente');
    const ask = () => server.request('POST', '/api/chat/completions', { token: user.token, body: { messages: [{ role: 'user', content: 'hola' }] } });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect(await redis.keys(`${prefix}:chat-user:*${user.id_usuario}`)).toHaveLength(1);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'chat_demasiados_mensajes' });
  });
});
