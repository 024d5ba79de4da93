import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ChatMessage, ChatSummary } from '../../../contracts/chat.ts';
import { eventually, startFakeChatService } from '../../testing/chat.ts';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../testing/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-chat-shutdown-'));
const fake = await startFakeChatService();
afterAll(async () => {
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  CHAT_API_URL: fake.url,
  CHAT_MODEL: 'galeno-test-model',
  CHAT_API_KEY: 'test-key',
};
const patient = { usuario: 'paciencia', contrasena: 'Segura123!' };

function call(
  server: ServerProcess,
  method: string,
  route: string,
  options: { body?: unknown; token?: string; signal?: AbortSignal } = {},
) {
  return fetch(server.url + route, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
}

async function logIn(server: ServerProcess): Promise<string> {
  const answer = await call(server, 'POST', '/api/login', { body: patient });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

it('saves an answer still on its way when the server is stopped after the patient has left', async () => {
  const first = await startServerProcess(env);
  try {
    const registered = await call(first, 'POST', '/api/registro-paciente', {
      body: { ...patient, email: 'paciencia@example.com', nombre: 'Rosa', apellido_1: 'Vidal' },
    });
    expect(registered.status).toBe(201);
    const token = await logIn(first);

    // The model takes 1.5 s; the patient closes the page once the question has reached it, and the
    // server is stopped right after: nothing is connected any more, so its close does not wait.
    fake.queue({ kind: 'answer', text: 'Bebe líquidos y descansa.', delayMs: 1500 });
    const leaving = new AbortController();
    const question = { messages: [{ role: 'user', content: '¿Qué hago con la fiebre?' }] };
    const asked = call(first, 'POST', '/api/chat/completions', { body: question, token, signal: leaving.signal });
    await eventually(() => fake.requests.length === 1);
    leaving.abort();
    await expect(asked).rejects.toThrow();
    const { code } = await stopServerProcess(first, 'SIGTERM');
    expect(code, first.output()).toBe(0);
    expect(first.output()).not.toMatch(/destroyed|error/i);
  } finally {
    await stopServerProcess(first);
  }

  const second = await startServerProcess(env);
  try {
    const token = await logIn(second);
    const chats = (await (await call(second, 'GET', '/api/chat/historial', { token })).json()) as ChatSummary[];
    expect(chats).toHaveLength(1);
    const messages = (await (
      await call(second, 'GET', `/api/chat/${chats[0]?.id_chat}/mensajes`, { token })
    ).json()) as ChatMessage[];
    expect(messages.map((message) => [message.rol, message.contenido])).toEqual([
      ['user', '¿Qué hago con la fiebre?'],
      ['assistant', 'Bebe líquidos y descansa.'],
    ]);
  } finally {
    await stopServerProcess(second);
  }
}, 60_000);
