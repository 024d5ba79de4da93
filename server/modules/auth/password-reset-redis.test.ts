import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../testing/test-server.ts';

// Behind a load balancer, the per-address limit on reset requests holds across instances.
const redisUrl = process.env.REDIS_TEST_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI requires REDIS_TEST_URL');

describe.runIf(redisUrl)('password reset requests limited through Redis', () => {
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test${randomBytes(4).toString('hex')}` };
  const first = useTestServer('sqlite', { env });
  const second = useTestServer('sqlite', { env });

  it('counts one address’s requests on every instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await server.request('POST', '/api/recuperar-contrasena', { body: { usuario: `nadie${i}` } })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses[10]).toBe(429);
  });
});
