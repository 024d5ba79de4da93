import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from './testing/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-request-log-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('never writes a bearer secret of a link to the log: calendar feeds and waitlist offers carry theirs in the path', async () => {
  const feedToken = randomBytes(32).toString('base64url');
  const offerToken = randomBytes(32).toString('base64url');
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info' });
  try {
    await fetch(`${server.url}/api/calendario/${feedToken}.ics`);
    await fetch(`${server.url}/api/lista-espera/ofertas/${offerToken}`);
    await fetch(`${server.url}/api/lista-espera/ofertas/${offerToken}/aceptar`, { method: 'POST' });
    expect((await stopServerProcess(server, 'SIGTERM')).code).toBe(0);
  } finally {
    await stopServerProcess(server);
  }
  const log = server.output();
  expect(log).toContain('/api/calendario/[oculto]');
  expect(log).toContain('/api/lista-espera/ofertas/[oculto]/aceptar');
  expect(log).not.toContain(feedToken);
  expect(log).not.toContain(offerToken);
});
