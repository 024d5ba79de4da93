import { describe, expect, it } from 'vitest';
import type { ChatCompletionResponse, ChatMessage } from '../../../contracts/chat.ts';
import { auditEntries } from '../../testing/audit.ts';
import { eventually, streamChat, useServerWithFakeChat } from '../../testing/chat.ts';
import { DATABASES, type TestServer, type TestUser } from '../../testing/test-server.ts';

const ask = (content: string, id_chat?: number) => ({ messages: [{ role: 'user', content }], ...(id_chat ? { id_chat } : {}) });

async function complete(server: TestServer, user: TestUser, content: string, options: { language?: string; id_chat?: number } = {}) {
  const response = await server.request<ChatCompletionResponse>('POST', '/api/chat/completions', {
    token: user.token,
    body: ask(content, options.id_chat),
    headers: { 'accept-language': options.language ?? 'es' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function savedMessages(server: TestServer, user: TestUser, id_chat: number) {
  const response = await server.request<ChatMessage[]>('GET', `/api/chat/${id_chat}/mensajes`, { token: user.token });
  return response.body.map((message) => [message.rol, message.contenido]);
}

describe.each(DATABASES)('chat through an OpenAI-compatible service on %s', (kind) => {
  // Generous: a loaded test machine must not turn a slow answer into a time-out here.
  const { fake, server } = useServerWithFakeChat(kind, { CHAT_TIMEOUT_MS: '10000' });

  it('keeps at most 20,000 characters of an answer, whatever the model sends (issue 12, finding 4)', async () => {
    fake.reset();
    fake.queue({ kind: 'answer', text: 'a'.repeat(300_000) });
    const user = await server.createUser('paciente');
    const answer = await complete(server, user, '¿Qué hago con la fiebre?');
    const saved = await savedMessages(server, user, answer.id_chat);
    expect(saved[1]?.[0]).toBe('assistant');
    expect(saved[1]?.[1]).toHaveLength(20_000);
  });

  it('sends the system prompt, the model and the key, and saves the answer (not streamed)', async () => {
    fake.reset();
    fake.queue({ kind: 'answer', text: 'Para la fiebre, bebe líquidos y descansa.\n- Pide cita si dura más de 3 días.' });
    const user = await server.createUser('paciente');
    const answer = await complete(server, user, '¿Qué hago con la fiebre?');
    expect(answer).toMatchObject({ tipo: 'respuesta', response: 'Para la fiebre, bebe líquidos y descansa.\n- Pide cita si dura más de 3 días.' });

    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe('Bearer test-key');
    expect(sent.body.model).toBe('galeno-test-model');
    expect(sent.body.stream).toBeFalsy();
    const [system, ...conversation] = sent.body.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/never diagnose/);
    expect(system?.content).toMatch(/never prescribe/);
    expect(system?.content).toMatch(/booking a visit/);
    expect(system?.content).toMatch(/112/);
    expect(system?.content).toMatch(/Answer in Spanish/);
    // Clinical data is not shared unless CHAT_SHARE_CONTEXT is on.
    expect(system?.content).not.toMatch(/Allergies/);
    expect(conversation).toEqual([{ role: 'user', content: '¿Qué hago con la fiebre?' }]);

    expect(await savedMessages(server, user, answer.id_chat)).toEqual([
      ['user', '¿Qué hago con la fiebre?'],
      ['assistant', answer.response],
    ]);
  });

  it('sends the saved conversation as context when continuing it', async () => {
    fake.reset();
    const user = await server.createUser('doctor');
    fake.queue({ kind: 'answer', text: 'Primera respuesta.' }, { kind: 'answer', text: 'Segunda respuesta.' });
    const first = await complete(server, user, 'Primera pregunta', { language: 'en' });
    await complete(server, user, 'Segunda pregunta', { language: 'en', id_chat: first.id_chat });
    expect(fake.requests[1]?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Primera pregunta' },
      { role: 'assistant', content: 'Primera respuesta.' },
      { role: 'user', content: 'Segunda pregunta' },
    ]);
    expect(fake.requests[1]?.body.messages[0]?.content).toMatch(/Answer in English/);
  });

  it('streams the service’s chunks to the client as they come and saves the whole answer', async () => {
    fake.reset();
    fake.queue({ kind: 'answer', text: 'Dormir bien ayuda mucho: acuéstate a la misma hora cada día.' });
    const user = await server.createUser('paciente');
    const result = await streamChat(server.url, { token: user.token, body: ask('¿Cómo duermo mejor?') });
    expect(result.status).toBe(200);
    expect(fake.requests[0]?.body.stream).toBe(true);
    const deltas = result.events.flatMap((event) => (event.event === 'delta' ? [event.data.content] : []));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe('Dormir bien ayuda mucho: acuéstate a la misma hora cada día.');
    const fin = result.events.at(-1);
    expect(fin).toMatchObject({ event: 'fin', data: { tipo: 'respuesta', response: deltas.join('') } });
    if (fin?.event !== 'fin') throw new Error('no fin event');
    expect(await savedMessages(server, user, fin.data.id_chat)).toEqual([
      ['user', '¿Cómo duermo mejor?'],
      ['assistant', deltas.join('')],
    ]);
  });

  it('retries once on an error status, then saves "Error al conectar con el chat"', async () => {
    fake.reset();
    fake.always({ kind: 'error', status: 500 });
    const user = await server.createUser('paciente');
    const answer = await complete(server, user, '¿Qué es el colesterol?');
    expect(answer).toMatchObject({ tipo: 'error', response: 'Error al conectar con el chat' });
    expect(fake.requests).toHaveLength(2);
    expect(await savedMessages(server, user, answer.id_chat)).toEqual([
      ['user', '¿Qué es el colesterol?'],
      ['assistant', 'Error al conectar con el chat'],
    ]);

    fake.requests.length = 0;
    const streamed = await streamChat(server.url, { token: user.token, body: ask('Hello', answer.id_chat), language: 'en' });
    expect(streamed.events.at(-1)).toMatchObject({ event: 'fin', data: { tipo: 'error', response: 'Error connecting to the chat' } });
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a refusal the service will repeat (400)', async () => {
    fake.reset();
    fake.always({ kind: 'error', status: 400 });
    const user = await server.createUser('paciente');
    const answer = await complete(server, user, 'Hola', { language: 'ca' });
    expect(answer).toMatchObject({ tipo: 'error', response: 'Error en connectar amb el xat' });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers red flags itself: the service receives no request', async () => {
    fake.reset();
    const user = await server.createUser('paciente');
    const answer = await complete(server, user, 'Mi padre tiene la boca torcida y no puede mover el brazo');
    expect(answer.tipo).toBe('emergencia');
    expect(answer.response).toContain('112');
    const streamed = await streamChat(server.url, { token: user.token, body: ask("Em vull treure la vida, no vull viure"), language: 'ca' });
    expect(streamed.events.at(-1)).toMatchObject({ event: 'fin', data: { tipo: 'emergencia', response: expect.stringContaining('024') } });
    expect(fake.requests).toEqual([]);
  });

  it('stops the service’s stream when the user stops, and saves what was produced', async () => {
    fake.reset();
    fake.queue({ kind: 'pieces-then-hang', pieces: ['Primera parte. '] });
    const user = await server.createUser('paciente');
    const result = await streamChat(server.url, { token: user.token, body: ask('Explícame la tensión arterial'), stopAfterDeltas: 1 });
    const chat = result.events[0];
    if (chat?.event !== 'chat') throw new Error('no chat event');
    // The server closed its request to the service…
    await eventually(() => fake.requests[0]?.closedByCaller === true);
    // …and saved the piece that had arrived.
    await eventually(async () => (await savedMessages(server, user, chat.data.id_chat)).length === 2);
    expect(await savedMessages(server, user, chat.data.id_chat)).toEqual([
      ['user', 'Explícame la tensión arterial'],
      ['assistant', 'Primera parte. '],
    ]);
  });
});

describe.each(DATABASES)('a silent OpenAI-compatible service on %s', (kind) => {
  // A short time-out so these cases end quickly.
  const { fake, server } = useServerWithFakeChat(kind, { CHAT_TIMEOUT_MS: '500' });

  it('gives up on a silent service after the time-out and one retry', async () => {
    fake.reset();
    fake.always({ kind: 'hang' });
    const user = await server.createUser('paciente');
    const started = Date.now();
    const answer = await complete(server, user, '¿Qué es la diabetes?');
    const elapsed = Date.now() - started;
    expect(answer).toMatchObject({ tipo: 'error', response: 'Error al conectar con el chat' });
    expect(fake.requests).toHaveLength(2);
    // Two attempts of 500 ms and the pause between them, far from the default 30 s.
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('keeps what was streamed when the service falls silent mid-answer, and says it failed', async () => {
    fake.reset();
    fake.queue({ kind: 'pieces-then-hang', pieces: ['Empieza ', 'la respuesta'] });
    const user = await server.createUser('paciente');
    const result = await streamChat(server.url, { token: user.token, body: ask('Cuéntame algo largo') });
    const fin = result.events.at(-1);
    expect(fin).toMatchObject({ event: 'fin', data: { tipo: 'error', response: 'Empieza la respuesta\n\nError al conectar con el chat' } });
    await eventually(() => fake.requests[0]?.closedByCaller === true);
  });
});

describe.each(DATABASES)('sharing the patient context with the service on %s', (kind) => {
  const { fake, server } = useServerWithFakeChat(kind, { CHAT_SHARE_CONTEXT: 'true' });

  it('adds allergies and active diseases to the system prompt, and audits it', async () => {
    const patient = await server.createUser('paciente');
    const now = server.clock.now().toISOString();
    const id_paciente = patient.id_paciente!;
    await server.database.db
      .insertInto('alergias')
      .values({ id_paciente, nombre: 'Penicilina', fecha_diagnostico: null, observaciones: null, creado_por: null, creado_en: now })
      .execute();
    await server.database.db
      .insertInto('enfermedades')
      .values([
        { id_paciente, nombre: 'Asma', tipo: null, fecha_diagnostico: null, observaciones: null, activa: 1, creado_por: null, creado_en: now },
        { id_paciente, nombre: 'Varicela', tipo: null, fecha_diagnostico: null, observaciones: null, activa: 0, creado_por: null, creado_en: now },
      ])
      .execute();
    await complete(server, patient, '¿Puedo hacer deporte?');
    const system = fake.requests.at(-1)?.body.messages[0]?.content ?? '';
    expect(system).toContain('Allergies: Penicilina.');
    expect(system).toContain('Active diseases: Asma.');
    expect(system).not.toContain('Varicela');
    const audit = await auditEntries(server, 'chat.contexto_compartido');
    expect(audit).toEqual([expect.objectContaining({ id_paciente })]);
    expect(audit[0]?.detalle).not.toContain('Penicilina');

    // A doctor has no patient record to share.
    const doctor = await server.createUser('doctor');
    await complete(server, doctor, '¿Qué es el asma?');
    expect(fake.requests.at(-1)?.body.messages[0]?.content).not.toMatch(/Allergies/);
  });
});
