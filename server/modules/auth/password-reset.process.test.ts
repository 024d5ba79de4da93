import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { parseMail } from '../../testing/mail.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-reset-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('e-mails a requested link even when the server is stopped right after answering, and never logs a link’s token', async () => {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        const match = /ready at http:\/\/localhost:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const base = `http://127.0.0.1:${port}`;
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
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  const outbox = path.join(dataDir, 'outbox');
  const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  expect(files).toHaveLength(1);
  const mail = parseMail(fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8'));
  expect(mail.subject).toBe('Restablece tu contraseña de Galeno');
  const token = /restablecer-contrasena\?token=([\w-]{43})/.exec(mail.text)?.[1];
  expect(token).toBeDefined();

  expect(output).toContain('/restablecer-contrasena?token=[oculto]&lang=es');
  expect(output).not.toContain('SecretoQueNoDebeSalirEnElLog');
  expect(output).not.toContain(token);
}, 60_000);
