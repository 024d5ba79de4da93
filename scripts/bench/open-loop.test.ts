import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atSteadyRate } from './open-loop.ts';

// A server that notes when each request arrives; /slow answers after SLOW_MS, the rest at once;
// POSTs answer 201 with what they were sent. SLOW_MS is far above any stall a loaded machine gives
// the fast requests (CI once delayed them 204 ms), so the assertions below hold on a busy machine too.
const SLOW_MS = 2_000;
let server: http.Server;
let base: string;
let arrivals: { at: number; method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({ at: performance.now(), method: request.method ?? '', url: request.url ?? '', body: Buffer.concat(chunks).toString() });
      const answer = () => response.writeHead(request.method === 'POST' ? 201 : 200).end('ok');
      if (request.url === '/slow') setTimeout(answer, SLOW_MS);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('atSteadyRate', () => {
  it('spreads the requests over each second instead of sending a second’s worth at once', async () => {
    arrivals = [];
    const result = await atSteadyRate(base, { requests: [{ method: 'GET', path: '/fast' }] }, 100, 1);
    expect(result).toMatchObject({ rate: 100, sent: 100, errors: 0, non2xx: 0 });
    expect(arrivals).toHaveLength(100);
    // Lateness is measured from each request's due time, never before it.
    expect(result.lateP99).toBeGreaterThanOrEqual(0);
    const times = arrivals.map((arrival) => arrival.at);
    // Due 10 ms apart: the last goes out about 990 ms after the first (a burst would take a few ms;
    // a stall of the machine only spreads them further).
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(800);
    // No 100 ms holds most of the second's requests, as a burst would (after a stall, the late
    // ones leave together, so this allows catching up on half a second).
    const crowded = times.map((start) => times.filter((at) => at >= start && at < start + 100).length);
    expect(Math.max(...crowded)).toBeLessThanOrEqual(60);
  });

  it('counts each answer once: one slow answer in a hundred is the maximum, not the p99', async () => {
    let i = 0;
    const requests = [{ method: 'GET' as const, setupRequest: (request: object) => ({ ...request, path: i++ === 50 ? '/slow' : '/fast' }) }];
    const result = await atSteadyRate(base, { requests }, 100, 1);
    expect(result.sent).toBe(100);
    expect(result.p50).toBeLessThan(SLOW_MS / 4);
    expect(result.p99).toBeLessThan(SLOW_MS / 2);
  });

  it('sends what each setupRequest builds: method, path, headers and body', async () => {
    arrivals = [];
    let n = 0;
    const requests = [
      {
        method: 'POST' as const,
        setupRequest: (request: object) => ({ ...request, path: `/book/${++n}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) }),
      },
    ];
    const result = await atSteadyRate(base, { requests }, 50, 0.2);
    expect(result).toMatchObject({ sent: 10, errors: 0, non2xx: 0 });
    expect(arrivals.map((arrival) => `${arrival.method} ${arrival.url} ${arrival.body}`).sort()).toEqual(
      Array.from({ length: 10 }, (_, k) => `POST /book/${k + 1} {"n":${k + 1}}`).sort(),
    );
  });
});
