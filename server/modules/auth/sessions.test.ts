import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer } from '../../testing/test-server.ts';
import type { Sesion } from '../../../contracts/sessions.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Logs the user in from a device (a User-Agent) and answers the token. */
async function logIn(server: TestServer, usuario: string, userAgent = FIREFOX_LINUX, password = TEST_PASSWORD): Promise<string> {
  const response = await server.request<{ access_token: string }>('POST', '/api/login', {
    body: { usuario, contrasena: password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.status).toBe(200);
  return response.body.access_token;
}

const me = (server: TestServer, token: string) => server.request<{ code?: string; detail?: string }>('GET', '/api/auth/me', { token });
const sessions = (server: TestServer, token: string) => server.request<Sesion[]>('GET', '/api/auth/sesiones', { token });
const sidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

describe.each(DATABASES)('sessions on %s', (kind) => {
  const server = useTestServer(kind, { env: { SESSION_IDLE_MINUTES_STAFF: '30', SESSION_IDLE_MINUTES_PATIENT: '720' } });

  it('logs out of one device only: the other stays, a copy of the ended token dies', async () => {
    const user = await server.createUser('doctor');
    const laptop = await logIn(server, user.usuario, FIREFOX_LINUX);
    const phone = await logIn(server, user.usuario, SAFARI_IPHONE);
    const copy = `${laptop}`;

    expect((await server.request('POST', '/api/auth/logout', { token: laptop })).status).toBe(204);
    const dead = await me(server, copy);
    expect(dead.status).toBe(401);
    expect(dead.body).toMatchObject({ code: 'sesion_cerrada', detail: 'Tu sesión se ha cerrado desde otro dispositivo. Inicia sesión de nuevo.' });
    expect((await me(server, phone)).status).toBe(200);
  });

  it('lists my live sessions with device, address and last use, this one marked', async () => {
    const user = await server.createUser('paciente');
    const laptop = await logIn(server, user.usuario, FIREFOX_LINUX);
    const phone = await logIn(server, user.usuario, SAFARI_IPHONE);
    const list = await sessions(server, phone);
    expect(list.status).toBe(200);
    // createUser's own session is live too.
    expect(list.body).toHaveLength(3);
    const byId = new Map(list.body.map((s) => [s.id, s]));
    expect(byId.get(sidOf(phone))).toMatchObject({ dispositivo: 'Safari · iOS', direccion: '127.0.0.1', actual: true });
    expect(byId.get(sidOf(laptop))).toMatchObject({ dispositivo: 'Firefox · Linux', actual: false });
    expect(list.body.filter((s) => s.actual)).toHaveLength(1);
    // The clock stands at 2026-03-02 08:00 UTC: 09:00 in the clinic (Europe/Madrid).
    expect(list.body[0]).toMatchObject({ ultimo_uso_fecha: '2026-03-02', ultimo_uso_hora: '09:00' });
  });

  it('ends one of my sessions, refuses another user’s (403) and an unknown one (404)', async () => {
    const user = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    const laptop = await logIn(server, user.usuario, FIREFOX_LINUX);
    const phone = await logIn(server, user.usuario, SAFARI_IPHONE);

    const foreign = await server.request('DELETE', `/api/auth/sesiones/${sidOf(other.token)}`, { token: phone });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'sin_permiso' });
    expect((await me(server, other.token)).status).toBe(200);
    const unknown = await server.request('DELETE', `/api/auth/sesiones/${'x'.repeat(32)}`, { token: phone });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'sesion_no_encontrada' });
    expect((await server.request('DELETE', '/api/auth/sesiones/%27%20or%201=1', { token: phone })).status).toBe(400);

    expect((await server.request('DELETE', `/api/auth/sesiones/${sidOf(laptop)}`, { token: phone })).status).toBe(204);
    expect((await me(server, laptop)).body).toMatchObject({ code: 'sesion_cerrada' });
    expect((await me(server, phone)).status).toBe(200);
    expect((await sessions(server, phone)).body.map((s) => s.id)).not.toContain(sidOf(laptop));
  });

  it('ends all my other sessions, or all of them', async () => {
    const user = await server.createUser('doctor');
    const a = await logIn(server, user.usuario);
    const b = await logIn(server, user.usuario);
    const c = await logIn(server, user.usuario);
    // A misspelt choice is refused, not read as "the others only"; nothing ends.
    const misspelt = await server.request<{ errores: { campo: string }[] }>('POST', '/api/auth/sesiones/cerrar-todas', {
      token: c,
      body: { incluir_actuall: true },
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.errores.map((error) => error.campo)).toEqual(['incluir_actuall']);
    expect((await me(server, a)).status).toBe(200);
    const others = await server.request('POST', '/api/auth/sesiones/cerrar-todas', { token: c, body: {} });
    expect(others.status).toBe(200);
    // a, b and createUser's session.
    expect(others.body).toEqual({ cerradas: 3 });
    for (const token of [a, b, user.token]) expect((await me(server, token)).status).toBe(401);
    expect((await me(server, c)).status).toBe(200);

    const d = await logIn(server, user.usuario);
    const all = await server.request('POST', '/api/auth/sesiones/cerrar-todas', { token: c, body: { incluir_actual: true } });
    expect(all.body).toEqual({ cerradas: 2 });
    expect((await me(server, c)).status).toBe(401);
    expect((await me(server, d)).status).toBe(401);
  });

  it('lets an admin end every session of a user, who is told an admin did it', async () => {
    const admin = await server.createUser('admin');
    const user = await server.createUser('doctor');
    const laptop = await logIn(server, user.usuario);
    const url = `/api/usuarios/${user.id_usuario}/cerrar-sesiones`;
    expect((await server.request('POST', url, { token: laptop })).status).toBe(403);
    expect((await server.request('POST', url)).status).toBe(401);
    expect((await server.request('POST', '/api/usuarios/999999/cerrar-sesiones', { token: admin.token })).status).toBe(404);

    const ended = await server.request('POST', url, { token: admin.token });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ cerradas: 2 });
    const dead = await me(server, laptop);
    expect(dead.status).toBe(401);
    expect(dead.body).toMatchObject({ code: 'sesion_cerrada_admin' });
    expect((await me(server, admin.token)).status).toBe(200);
    const audit = await server.database.db
      .selectFrom('auditoria')
      .select(['accion', 'detalle'])
      .where('id_usuario', '=', admin.id_usuario)
      .where('accion', '=', 'usuario.cerrar_sesiones')
      .execute();
    expect(audit).toEqual([{ accion: 'usuario.cerrar_sesiones', detalle: `usuario ${user.id_usuario}: 2` }]);
    // They can log in again at once.
    expect((await me(server, await logIn(server, user.usuario))).status).toBe(200);
  });

  it('a password change ends the other sessions and keeps this device logged in', async () => {
    const user = await server.createUser('paciente');
    const laptop = await logIn(server, user.usuario);
    const phone = await logIn(server, user.usuario);
    const changed = await server.request<{ access_token: string }>('PUT', '/api/auth/contrasena', {
      token: laptop,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Cambiada1234!' },
    });
    expect(changed.status).toBe(200);
    expect((await me(server, phone)).body).toMatchObject({ code: 'sesion_cerrada' });
    expect((await me(server, laptop)).status).toBe(401);
    expect((await me(server, changed.body.access_token)).status).toBe(200);
    expect((await sessions(server, changed.body.access_token)).body).toHaveLength(1);
  });

  it('a role change and a deletion end the sessions, as an admin’s doing', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const promoted = await server.request('PUT', `/api/usuarios/${patient.id_usuario}/rol`, { token: admin.token, body: { nuevo_rol: 'admin' } });
    expect(promoted.status).toBe(200);
    expect((await me(server, patient.token)).body).toMatchObject({ code: 'sesion_cerrada_admin' });
    const doctor = await server.createUser('doctor');
    expect((await server.request('DELETE', `/api/usuarios/${doctor.id_usuario}`, { token: admin.token })).status).toBe(204);
    expect((await me(server, doctor.token)).status).toBe(401);
  });

  it('ends an idle session after the role’s limit (staff 30 min, patients 12 h) and says so', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const doctorToken = await logIn(server, doctor.usuario);
    const patientToken = await logIn(server, patient.usuario);

    server.clock.advanceMinutes(29);
    expect((await me(server, doctorToken)).status).toBe(200);
    server.clock.advanceMinutes(29);
    // Used 29 minutes ago: still live, and this use counts.
    expect((await me(server, doctorToken)).status).toBe(200);
    server.clock.advanceMinutes(31);
    const expired = await me(server, doctorToken);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'sesion_caducada', detail: 'Tu sesión ha caducado por inactividad. Inicia sesión de nuevo.' });
    // Ended for good: using it again does not bring it back.
    server.clock.advanceMinutes(-60);
    expect((await me(server, doctorToken)).body).toMatchObject({ code: 'sesion_caducada' });
    server.clock.advanceMinutes(60);

    // 89 minutes without use is nothing for a patient; 12 h is.
    expect((await me(server, patientToken)).status).toBe(200);
    server.clock.advanceMinutes(721);
    const english = await server.request('GET', '/api/auth/me', { token: patientToken, headers: { 'accept-language': 'en' } });
    expect(english.body).toMatchObject({ code: 'sesion_caducada', detail: 'Your session expired after a period of inactivity. Please log in again.' });
  });

  it('writes the last use at most about once a minute, not on every request', async () => {
    const user = await server.createUser('doctor');
    const token = await logIn(server, user.usuario);
    const lastUse = async () =>
      (await server.database.db.selectFrom('sesiones').select('ultimo_uso').where('id_sesion', '=', sidOf(token)).executeTakeFirstOrThrow()).ultimo_uso;
    const started = await lastUse();
    const base = server.clock.now().getTime();
    for (const seconds of [10, 30, 59]) {
      server.clock.set(new Date(base + seconds * 1000));
      expect((await me(server, token)).status).toBe(200);
    }
    expect(await lastUse()).toBe(started);
    server.clock.set(new Date(base + 61_000));
    await me(server, token);
    expect(await lastUse()).toBe(new Date(base + 61_000).toISOString());
  });

  it('ends a session for every instance sharing the database (the signature cache keeps nothing alive)', async () => {
    const user = await server.createUser('paciente');
    const token = await logIn(server, user.usuario);
    const database = openDatabase(server.databaseOptions);
    const second = await buildApp({ config: server.config, database, clock: server.clock, serveWeb: false });
    try {
      const onSecond = () => second.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect((await onSecond()).statusCode).toBe(200);
      // Twice, so the second instance has the token's signature cached.
      expect((await onSecond()).statusCode).toBe(200);
      expect((await server.request('POST', '/api/auth/logout', { token })).status).toBe(204);
      const refused = await onSecond();
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'sesion_cerrada' });
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('refuses a token without a session id (issued before sessions existed)', async () => {
    const user = await server.createUser('admin');
    const legacy = server.app.jwt.sign({
      sub: String(user.id_usuario),
      id_usuario: user.id_usuario,
      id_paciente: null,
      id_doctor: null,
      nombre: 'Nombre',
      nombre_usuario: user.usuario,
      rol: 'admin',
      tv: 0,
    } as never);
    const response = await me(server, legacy);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'token_invalido' });
  });
});
