import { describe, expect, it } from 'vitest';
import type { ChatCompletionResponse, ChatMessage } from '../../../contracts/chat.ts';
import { streamChat, useServerWithFakeChat } from '../../testing/chat.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

/**
 * The assistant knows who is asking: doctors and administrators get answers for
 * professionals, patients keep the red flags, and every answer keeps its kind so a conversation
 * reopened later keeps its emergency styling.
 */

async function complete(server: TestServer, user: TestUser, content: string, language = 'es') {
  const response = await server.request<ChatCompletionResponse>('POST', '/api/chat/completions', {
    token: user.token,
    body: { messages: [{ role: 'user', content }] },
    headers: { 'accept-language': language },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function saved(server: TestServer, user: TestUser, id_chat: number) {
  const response = await server.request<ChatMessage[]>('GET', `/api/chat/${id_chat}/mensajes`, { token: user.token });
  expect(response.status).toBe(200);
  return response.body.map((message) => ({ rol: message.rol, tipo: message.tipo }));
}

const DOSE = '¿Qué dosis de amoxicilina para una otitis en un niño de 20 kg?';

describe.each(DATABASES)('the assistant through a model, by who asks, on %s', (kind) => {
  const { fake, server } = useServerWithFakeChat(kind, { CHAT_TIMEOUT_MS: '10000' });

  it('gives doctors and admins the clinician prompt, and patients the patient one', async () => {
    fake.reset();
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    await complete(server, doctor, DOSE);
    await complete(server, admin, '¿Cómo doy de alta a un médico?', 'en');
    await complete(server, patient, DOSE);
    const [toDoctor, toAdmin, toPatient] = fake.requests.map((request) => request.body.messages[0]?.content ?? '');
    expect(toDoctor).toMatch(/talking with one of its healthcare professionals/);
    expect(toDoctor).toMatch(/you may discuss doses/);
    expect(toDoctor).toMatch(/Never tell them to "see their doctor"/);
    expect(toDoctor).not.toMatch(/never prescribe/);
    expect(toDoctor).toMatch(/Answer in Spanish/);
    expect(toAdmin).toMatch(/talking with one of its healthcare professionals \(a doctor\) or an administrator/);
    expect(toAdmin).toMatch(/Answer in English/);
    expect(toPatient).toMatch(/never prescribe or recommend specific medicines, doses/);
    expect(toPatient).toMatch(/booking a visit/);
  });

  it("sends a doctor's question about an emergency to the model; a patient's stays a red flag, kept when reopened", async () => {
    fake.reset();
    fake.always({ kind: 'answer', text: 'Nitroglicerina sublingual 0,4 mg; activa el 112 si no cede.' });
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');

    const professional = await complete(server, doctor, 'Paciente con dolor en el pecho opresivo: ¿dosis de nitroglicerina?');
    expect(professional.tipo).toBe('respuesta');
    expect(professional.response).toContain('Nitroglicerina');
    expect(fake.requests).toHaveLength(1);

    const urgent = await complete(server, patient, 'Tengo un dolor muy fuerte en el pecho');
    expect(urgent.tipo).toBe('emergencia');
    expect(urgent.response).toContain('112');
    expect(fake.requests).toHaveLength(1);
    // Reopened later, the answer is still an emergency (and the doctor's a plain answer).
    expect(await saved(server, patient, urgent.id_chat)).toEqual([
      { rol: 'user', tipo: null },
      { rol: 'assistant', tipo: 'emergencia' },
    ]);
    expect(await saved(server, doctor, professional.id_chat)).toEqual([
      { rol: 'user', tipo: null },
      { rol: 'assistant', tipo: 'respuesta' },
    ]);

    // Streamed too.
    const { events } = await streamChat(server.url, { token: patient.token, body: { messages: [{ role: 'user', content: 'No puedo respirar' }] } });
    const fin = events.find((event) => event.event === 'fin');
    expect(fin?.data).toMatchObject({ tipo: 'emergencia' });
    const id_chat = (fin?.data as { id_chat: number }).id_chat;
    expect((await saved(server, patient, id_chat)).at(-1)).toEqual({ rol: 'assistant', tipo: 'emergencia' });
  });
});

describe.each(DATABASES)('the offline assistant, by who asks, on %s', (kind) => {
  const server = useTestServer(kind);

  it('answers a doctor asking for a dose as a professional, never "see your doctor"', async () => {
    const doctor = await server.createUser('doctor');
    const es = await complete(server, doctor, DOSE);
    expect(es.tipo).toBe('respuesta');
    expect(es.response).toContain('Sin conexión no puedo darte dosis ni pautas');
    expect(es.response).toContain('CIMA');
    expect(es.response).not.toMatch(/tu médico/);
    const en = await complete(server, doctor, 'What is the dose of ibuprofen for an adult?', 'en');
    expect(en.response).toContain('Offline I cannot give doses or regimens');
    const ca = await complete(server, doctor, 'Quina dosi de paracetamol?', 'ca');
    expect(ca.response).toContain('Sense connexió no et puc donar dosis ni pautes');

    // A health topic comes framed as what patients are told, for the doctor to use with them.
    const fever = await complete(server, doctor, '¿Qué hago si tengo fiebre?');
    expect(fever.response).toMatch(/^Esto es lo que la base de conocimiento explica a los pacientes sobre «Fiebre»/);
    const nothing = await complete(server, doctor, 'xyzzy plugh');
    expect(nothing.response).toContain('No tengo una respuesta para eso en la base de conocimiento sin conexión');
    expect(nothing.response).not.toMatch(/pedir cita con tu médico/);
  });

  it('keeps the patient wording and the red flags for patients', async () => {
    const patient = await server.createUser('paciente');
    const dose = await complete(server, patient, DOSE);
    expect(dose.response).not.toContain('Sin conexión no puedo darte dosis');
    const urgent = await complete(server, patient, 'Creo que me está dando un infarto');
    expect(urgent.tipo).toBe('emergencia');
    expect((await saved(server, patient, urgent.id_chat)).at(-1)).toEqual({ rol: 'assistant', tipo: 'emergencia' });
  });
});
