import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../test-server.ts';

// Decision #34: the front desk sees identity, contact details, visits and the notices sent, never
// the clinical record, its attachments, the assistant's conversations or the audit log. Every such
// endpoint, those added later too, is closed to the `recepcion` role, whatever it names. (The
// assistant itself is everyone's: the desk has conversations of its own, never a patient's.)
const CLINICAL = [
  /^\/api\/pacientes\/:id\/(?!$)/, // the record, its sections, break-the-glass
  /^\/api\/(paciente\/)?archivos\b/,
  /^\/api\/auditoria\b/,
  /^\/api\/(medico\/)?consultas\b/,
  /^\/api\/paciente\/(accesos|ficha|historial|ultima-consulta)\b/,
];

describe.each(DATABASES)('reception and the clinical record on %s', (kind) => {
  const server = useTestServer(kind);

  it('no clinical read, attachment, conversation or audit entry is open to reception', async () => {
    const clinical = server.app.apiRoutes.filter((route) => CLINICAL.some((pattern) => pattern.test(route.url)));
    // The list is not empty by accident: the record, attachments, chat, audit and consultations are all in it.
    for (const expected of ['/api/pacientes/:id/historia', '/api/archivos/:id_archivo', '/api/auditoria', '/api/consultas']) {
      expect(clinical.map((route) => route.url)).toContain(expected);
    }
    const desk = await server.createUser('recepcion');
    const refused: string[] = [];
    for (const route of clinical) {
      expect(route.access, `${route.method} ${route.url}`).not.toBe('public');
      expect(route.access, `${route.method} ${route.url}`).not.toContain('recepcion');
      const url = route.url.replace(/:([A-Za-z_]+)/g, '1');
      const response = await server.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${desk.token}`, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
      });
      if (response.statusCode !== 403) refused.push(`${route.method} ${url} -> ${response.statusCode}`);
    }
    expect(refused).toEqual([]);
  });

  it("a patient's conversation with the assistant is not the desk's to read, rename or delete", async () => {
    const patient = await server.createUser('paciente');
    const desk = await server.createUser('recepcion');
    const stamp = server.clock.now().toISOString();
    const { id_chat } = await server.database.db
      .insertInto('chats')
      .values({ id_usuario: patient.id_usuario, nombre_chat: 'Dolor de pecho', creado_en: stamp, actualizado_en: stamp })
      .returning('id_chat')
      .executeTakeFirstOrThrow();
    await server.database.db.insertInto('mensajes_chat').values({ id_chat, rol: 'user', contenido: 'Me duele el pecho al correr', creado_en: stamp, tipo: null }).execute();
    const asDesk = { token: desk.token };
    const read = await server.request('GET', `/api/chat/${id_chat}/mensajes`, asDesk);
    expect([403, 404]).toContain(read.status);
    expect(JSON.stringify(read.body)).not.toContain('Me duele el pecho');
    const history = await server.request('GET', '/api/chat/historial', asDesk);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('Dolor de pecho');
    expect([403, 404]).toContain((await server.request('PUT', `/api/chat/${id_chat}`, { ...asDesk, body: { nombre_chat: 'Otro' } })).status);
    expect([403, 404]).toContain((await server.request('DELETE', `/api/chat/${id_chat}`, asDesk)).status);
    const kept = await server.database.db.selectFrom('chats').select('nombre_chat').where('id_chat', '=', id_chat).executeTakeFirst();
    expect(kept?.nombre_chat).toBe('Dolor de pecho');
  });
});
