import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from './testing/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-client-gone-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Sends a whole request and resets the connection at once, without waiting for the answer. */
function sendAndReset(url: URL, route: string, body: unknown): Promise<void> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `POST ${route} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
        () => {
          socket.resetAndDestroy();
          resolve();
        },
      );
    });
    socket.on('error', reject);
  });
}

it('a client that resets the connection of a sign-up or a contact message is not a server error in the log', async () => {
  const server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info' });
  const url = new URL(server.url);
  try {
    for (let round = 0; round < 5; round++) {
      await sendAndReset(url, '/api/registro-paciente', {
        usuario: `reset${round}`,
        email: `reset${round}@example.es`,
        contrasena: 'Segura123!x',
        nombre: 'Ana',
        apellido_1: 'López',
      });
      await sendAndReset(url, '/api/contacto', { nombre: 'Ana', email: 'ana@example.es', asunto: 'Horarios', mensaje: 'Una pregunta sobre los horarios' });
    }
    // The server still answers, and nothing it logged is at error level (pino: 50 and above).
    await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await stopServerProcess(server, 'SIGTERM')).code).toBe(0);
  } finally {
    await stopServerProcess(server);
  }
  const levels = server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { level: number; msg: string }));
  expect(levels.filter((line) => line.level >= 50)).toEqual([]);
});
