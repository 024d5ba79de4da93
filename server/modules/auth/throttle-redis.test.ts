import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../testing/test-server.ts';

// Several instances behind a load balancer must share log-in throttling: a lock earned on one
// instance holds on the other. Runs against the real Redis of REDIS_TEST_URL (required in CI).
const redisUrl = process.env.REDIS_TEST_URL;
if (!redisUrl && process.env.CI === 'true') throw new Error('CI requires REDIS_TEST_URL');

describe.runIf(redisUrl)('log-in throttling shared through Redis', () => {
  const prefix = `test${randomBytes(4).toString('hex')}`;
  const env = {
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: prefix,
    LOGIN_MAX_FAILURES: '3',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
    LOGIN_MAX_PER_MINUTE_PER_ADDRESS: '8',
    TRUST_PROXY: 'true',
  };
  const first = useTestServer('sqlite', { env });
  const second = useTestServer('sqlite', { env });

  it('holds an address off every instance after its failures on one', async () => {
    // Unknown names: they count against the address (never against whatever string was typed).
    for (let i = 0; i < 3; i++) {
      const response = await first.request('POST', '/api/login', { body: { usuario: `nadie${i}${prefix}`, contrasena: 'Mala1234!' }, headers: { 'x-forwarded-for': '10.3.0.1' } });
      expect(response.status).toBe(401);
    }
    const elsewhere = await second.request('POST', '/api/login', { body: { usuario: `otra${prefix}`, contrasena: 'Mala1234!' }, headers: { 'x-forwarded-for': '10.3.0.1' } });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts log-in attempts per address across instances', async () => {
    // From another address: 8 attempts a minute (malformed ones too), the next is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const server = i % 2 === 0 ? first : second;
      statuses.push(
        (await server.request('POST', '/api/login', { body: { usuario: `otro${i}${prefix}`, contrasena: '' }, headers: { 'x-forwarded-for': '10.3.0.2' } }))
          .status,
      );
    }
    expect(statuses.slice(0, 8).every((status) => status === 400)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});
