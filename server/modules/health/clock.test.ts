import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

/** GET /api/reloj: screens count 'today' in the clinic's zone, not the browser's. */
describe.each(DATABASES)("the clinic's clock on %s", (kind) => {
  const server = useTestServer(kind, { now: '2026-03-01T23:30:00Z' });

  it("answers anyone with the clinic's zone, today's date and the time there", async () => {
    const answer = await server.request('GET', '/api/reloj');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ zona_horaria: 'Europe/Madrid', fecha: '2026-03-02', hora: '00:30', ahora: '2026-03-01T23:30:00.000Z' });
    // A stale token on a public endpoint changes nothing.
    expect((await server.request('GET', '/api/reloj', { token: 'caducado' })).status).toBe(200);
  });
});
