import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../testing/test-server.ts';

// Several instances behind a load balancer must share log-in throttling: a lock earned on one
// instance holds on the other. Runs against the real Redis of REDIS_TEST_URL (required in CI).
const redisUrl = process.env.REDIS_TEST_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI requires REDIS_TEST_URL');

describe.runIf(redisUrl)('log-in throttling shared through Redis', () => {
  const prefix = `test${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: prefix, LOGIN_MAX_FAILURES: '3', LOGIN_MAX_PER_MINUTE_PER_ADDRESS: '8' };
  const first = useTestServer('sqlite', { env });
  const second = useTestServer('sqlite', { env });

  it('locks an account on every instance after failures on one', async () => {
    const usuario = `nadie${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 3; i++) {
      const response = await first.request('POST', '/api/login', { body: { usuario, contrasena: 'Mala1234!' } });
      expect(response.status).toBe(401);
    }
    const elsewhere = await second.request('POST', '/api/login', { body: { usuario, contrasena: 'Mala1234!' } });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts log-in attempts per address across instances', async () => {
    // 4 attempts were made above (3 + 1); 4 more reach the limit of 8 a minute, the next is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? first : second;
      statuses.push((await server.request('POST', '/api/login', { body: { usuario: `otro${i}${prefix}`, contrasena: 'x' } })).status);
    }
    expect(statuses.slice(0, 4).every((status) => status === 401)).toBe(true);
    expect(statuses[4]).toBe(429);
  });
});
