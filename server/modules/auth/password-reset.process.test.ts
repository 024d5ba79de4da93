import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { outboxMails } from '../../testing/mail.ts';
import { startServerProcess, stopServerProcess } from '../../testing/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-reset-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('e-mails a requested link even when the server is stopped right after answering, and never logs a link’s token', async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info' });
  try {
    const base = server.url;
    const post = (route: string, body: unknown) =>
      fetch(base + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    const registered = await post('/api/registro-paciente', {
      usuario: 'olvido',
      email: 'olvido@example.com',
      contrasena: 'Segura123!',
      nombre: 'Pilar',
      apellido_1: 'Vidal',
    });
    expect(registered.status).toBe(201);
    await fetch(`${base}/restablecer-contrasena?token=SecretoQueNoDebeSalirEnElLog&lang=es`);
    expect((await post('/api/recuperar-contrasena', { usuario: 'olvido' })).status).toBe(202);
    expect((await stopServerProcess(server, 'SIGTERM')).code, server.output()).toBe(0);
  } finally {
    await stopServerProcess(server);
  }

  const mails = outboxMails({ config: { dataDir } });
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail?.subject).toBe('Restablece tu contraseña de Galeno');
  const token = /restablecer-contrasena\?token=([\w-]{43})/.exec(mail?.text ?? '')?.[1];
  expect(token).toBeDefined();

  expect(server.output()).toContain('/restablecer-contrasena?token=[oculto]&lang=es');
  expect(server.output()).not.toContain('SecretoQueNoDebeSalirEnElLog');
  expect(server.output()).not.toContain(token);
}, 60_000);
