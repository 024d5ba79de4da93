import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../contracts/auth.ts';
import type { Enrolment, LoginTicket, RecoveryCodes, SecondFactorStatus } from '../../../contracts/second-factor.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { hashToken } from './password-reset.service.ts';

// Time-based one-time codes (RFC 6238) with recovery codes.

let next = 0;
/** A new address per call (TRUST_PROXY is on), so one test's failures do not hold another's. */
const newAddress = () => `10.53.${Math.floor((next += 1) / 250)}.${next % 250}`;

interface ErrorAnswer {
  detail: string;
  code: string;
  errores?: { campo: string; mensaje: string }[];
}

/** The code the app would show at the server's clock, `steps` periods away. */
function codeAt(server: TestServer, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: server.clock.now().getTime() + steps * 30_000 });
}

/** Moves the clinic's clock to the next 30-second step, so a new code exists. */
function nextStep(server: TestServer) {
  const now = server.clock.now().getTime();
  server.clock.set(new Date((Math.floor(now / 30_000) + 1) * 30_000 + 1000));
}

describe.each(DATABASES)('second factor on %s', (kind) => {
  const server = useTestServer(kind, { env: { TRUST_PROXY: 'true', LOGIN_MAX_FAILURES: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '30' } });
  const as = (user: TestUser, address = newAddress()) => ({ token: user.token, headers: { 'x-forwarded-for': address } });

  const login = (usuario: string, address = newAddress(), contrasena = TEST_PASSWORD) =>
    server.request<LoginResponse & LoginTicket & ErrorAnswer>('POST', '/api/login', {
      body: { usuario, contrasena },
      headers: { 'x-forwarded-for': address },
    });
  const sendCode = (ticket: string, codigo: string, address = newAddress()) =>
    server.request<LoginResponse & ErrorAnswer>('POST', '/api/login/codigo', { body: { ticket, codigo }, headers: { 'x-forwarded-for': address } });

  /** Enrols the user through the API; answers the secret and the recovery codes. */
  async function enrol(user: TestUser) {
    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { ...as(user), body: { contrasena: TEST_PASSWORD } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const confirmed = await server.request<RecoveryCodes>('POST', '/api/auth/segundo-factor/confirmacion', {
      ...as(user),
      body: { codigo: codeAt(server, started.body.secreto) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    nextStep(server);
    return { secret: started.body.secreto, recovery: confirmed.body.codigos_recuperacion };
  }

  it('enrols: the password first, then a QR code, its URI and the secret; the first code turns it on with 10 recovery codes', async () => {
    const user = await server.createUser('doctor');
    const status = () => server.request<SecondFactorStatus>('GET', '/api/auth/segundo-factor', as(user));
    expect((await status()).body).toEqual({ activo: false, requerido: false, codigos_restantes: 0 });

    const wrongPassword = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/inicio', { ...as(user), body: { contrasena: 'Mala1234!' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('contrasena_actual_incorrecta');

    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { ...as(user), body: { contrasena: TEST_PASSWORD } });
    expect(started.status).toBe(200);
    expect(started.body.secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toBe(`otpauth://totp/Galeno:${user.usuario}?issuer=Galeno&secret=${started.body.secreto}&algorithm=SHA1&digits=6&period=30`);
    expect(started.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until a code proves the app has it: log-in still needs no code.
    expect((await login(user.usuario)).body.access_token).toBeTruthy();

    // The secret is kept sealed, never as the text the app shows.
    const row = await server.database.db.selectFrom('segundos_factores').selectAll().where('id_usuario', '=', user.id_usuario).executeTakeFirstOrThrow();
    expect(row.secreto_cifrado).not.toContain(started.body.secreto);

    const wrong = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/confirmacion', { ...as(user), body: { codigo: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'codigo_incorrecto', errores: [{ campo: 'codigo' }] });

    const confirmed = await server.request<RecoveryCodes>('POST', '/api/auth/segundo-factor/confirmacion', {
      ...as(user),
      body: { codigo: codeAt(server, started.body.secreto) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.codigos_recuperacion).toHaveLength(10);
    for (const code of confirmed.body.codigos_recuperacion) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    expect(new Set(confirmed.body.codigos_recuperacion).size).toBe(10);
    // Stored hashed only.
    const stored = await server.database.db.selectFrom('codigos_recuperacion').select('hash_codigo').where('id_usuario', '=', user.id_usuario).execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((entry) => entry.hash_codigo)).not.toContain(confirmed.body.codigos_recuperacion[0]);
    expect((await status()).body).toEqual({ activo: true, requerido: false, codigos_restantes: 10 });

    // Once on, it cannot be started over (that would replace the factor without a code).
    const again = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/inicio', { ...as(user), body: { contrasena: TEST_PASSWORD } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('segundo_factor_activo');
  });

  it('log-in with a second factor: the right password answers a ticket, not a token; the code answers the usual log-in', async () => {
    const user = await server.createUser('paciente');
    const { secret } = await enrol(user);
    const first = await login(user.usuario);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ segundo_factor_requerido: true, ticket: expect.stringMatching(/^[\w-]{43}$/), expires_in: 300 });
    expect(first.body).not.toHaveProperty('access_token');
    // A wrong password is still the spec's answer.
    expect((await login(user.usuario, newAddress(), 'Mala1234!')).body.code).toBe('credenciales_invalidas');

    const done = await sendCode(first.body.ticket, codeAt(server, secret));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ token_type: 'bearer', usuario: { id_usuario: user.id_usuario, rol: 'paciente' } });
    expect((await server.request('GET', '/api/auth/me', { token: done.body.access_token })).status).toBe(200);
    // The ticket worked once.
    nextStep(server);
    const reused = await sendCode(first.body.ticket, codeAt(server, secret));
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('ticket_caducado');
  });

  it('refuses a code used before (replay within its window), and a ticket after five minutes', async () => {
    const user = await server.createUser('doctor');
    const { secret } = await enrol(user);
    const code = codeAt(server, secret);
    const address = newAddress();
    expect((await sendCode((await login(user.usuario, address)).body.ticket, code, address)).status).toBe(200);
    const replay = await sendCode((await login(user.usuario, address)).body.ticket, code, address);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('codigo_incorrecto');
    // The previous step's code is older than the one taken: refused too, though within the window.
    expect((await sendCode((await login(user.usuario, address)).body.ticket, codeAt(server, secret, -1), address)).status).toBe(401);

    const ticket = (await login(user.usuario)).body.ticket;
    server.clock.advanceMinutes(6);
    const late = await sendCode(ticket, codeAt(server, secret));
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('ticket_caducado');
    expect((await sendCode('x'.repeat(43), codeAt(server, secret))).body.code).toBe('ticket_caducado');
  });

  it('a recovery code logs in once, in any case and without dashes; the count goes down', async () => {
    const user = await server.createUser('paciente');
    const { recovery } = await enrol(user);
    const code = recovery[0] as string;
    const done = await sendCode((await login(user.usuario)).body.ticket, code.toUpperCase().replace(/-/g, ''));
    expect(done.status).toBe(200);
    const again = await sendCode((await login(user.usuario)).body.ticket, code);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('codigo_incorrecto');
    const status = await server.request<SecondFactorStatus>('GET', '/api/auth/segundo-factor', { token: done.body.access_token });
    expect(status.body.codigos_restantes).toBe(9);
  });

  it('throttles codes like passwords: per account from an address (429, Retry-After), per ticket, and per account from anywhere', async () => {
    const user = await server.createUser('doctor');
    const { secret } = await enrol(user);
    const attacker = newAddress();
    const ticket = (await login(user.usuario, attacker)).body.ticket;
    for (let i = 0; i < 3; i++) expect((await sendCode(ticket, '123456', attacker)).status).toBe(401);
    const held = await sendCode(ticket, codeAt(server, secret), attacker);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('demasiados_intentos');
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);

    // A ticket dies after five wrong codes, whatever address sends them.
    const other = await server.createUser('paciente');
    await enrol(other);
    const ticket2 = (await login(other.usuario)).body.ticket;
    for (let i = 0; i < 5; i++) expect((await sendCode(ticket2, '123456', newAddress())).body.code).toBe('codigo_incorrecto');
    expect((await sendCode(ticket2, '123456', newAddress())).body.code).toBe('ticket_caducado');

    // Across addresses, the account's code step closes after 2 x LOGIN_MAX_FAILURES wrong codes...
    for (let i = 0; i < 1; i++) expect((await sendCode((await login(other.usuario)).body.ticket, '123456')).status).toBe(401);
    const closed = await sendCode((await login(other.usuario)).body.ticket, '123456');
    expect(closed.status).toBe(429);
    // ...for a while; then the owner's right code gets in.
    server.clock.advanceMinutes(16);
    const ok = await sendCode((await login(user.usuario)).body.ticket, codeAt(server, secret));
    expect(ok.status).toBe(200);
  });

  it('turns off (password and code) and makes new recovery codes (the old ones stop working)', async () => {
    const user = await server.createUser('paciente');
    const { secret, recovery } = await enrol(user);
    const badPassword = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/codigos', {
      ...as(user),
      body: { contrasena: 'Mala1234!', codigo: codeAt(server, secret) },
    });
    expect(badPassword.body.code).toBe('contrasena_actual_incorrecta');
    const fresh = await server.request<RecoveryCodes>('POST', '/api/auth/segundo-factor/codigos', {
      ...as(user),
      body: { contrasena: TEST_PASSWORD, codigo: codeAt(server, secret) },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.codigos_recuperacion).toHaveLength(10);
    expect(fresh.body.codigos_recuperacion).not.toContain(recovery[1]);
    expect((await sendCode((await login(user.usuario)).body.ticket, recovery[1] as string)).status).toBe(401);

    const noCode = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/desactivacion', {
      ...as(user),
      body: { contrasena: TEST_PASSWORD, codigo: '000000' },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.code).toBe('codigo_incorrecto');
    // A recovery code serves as the code (the phone may be lost).
    const off = await server.request('POST', '/api/auth/segundo-factor/desactivacion', {
      ...as(user),
      body: { contrasena: TEST_PASSWORD, codigo: fresh.body.codigos_recuperacion[0] },
    });
    expect(off.status).toBe(204);
    expect((await login(user.usuario)).body.access_token).toBeTruthy();
    const actions = await server.database.db.selectFrom('auditoria').select('accion').where('id_usuario', '=', user.id_usuario).execute();
    expect(actions.map((entry) => entry.accion)).toEqual(
      expect.arrayContaining(['cuenta.segundo_factor_activado', 'cuenta.codigos_recuperacion', 'cuenta.segundo_factor_desactivado']),
    );
  });

  it('a password reset never skips the code: the new password still answers a ticket', async () => {
    const user = await server.createUser('paciente');
    const { secret } = await enrol(user);
    const token = 'r'.repeat(43);
    const now = server.clock.now();
    await server.database.db
      .insertInto('restablecimientos_contrasena')
      .values({ id_usuario: user.id_usuario, hash_token: hashToken(token), creado_en: now.toISOString(), caduca_en: new Date(now.getTime() + 3_600_000).toISOString(), usado_en: null })
      .execute();
    const reset = await server.request('POST', '/api/restablecer-contrasena', { body: { token, contrasena: 'Olvidada99!' } });
    expect(reset.status).toBe(204);
    expect(reset.body).toBe('');
    const first = await login(user.usuario, newAddress(), 'Olvidada99!');
    expect(first.body).toMatchObject({ segundo_factor_requerido: true });
    expect(first.body).not.toHaveProperty('access_token');
    expect((await sendCode(first.body.ticket, codeAt(server, secret))).status).toBe(200);
  });
});

describe.each(DATABASES)('roles that require a second factor (MFA_REQUIRED_ROLES) on %s', (kind) => {
  const server = useTestServer(kind, { env: { MFA_REQUIRED_ROLES: 'admin,doctor,recepcion' } });

  it('a user of such a role without one may only enrol and log out (403 mfa_requerido); enrolled, everything opens', async () => {
    const admin = await server.createUser('admin');
    const refused = await server.request<ErrorAnswer>('GET', '/api/usuarios', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('mfa_requerido');
    expect(refused.body.detail).toBe('Tu rol exige la verificación en dos pasos. Actívala para continuar.');
    expect((await server.request('GET', '/api/mi-cuenta', { token: admin.token })).status).toBe(403);
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(200);
    const status = await server.request<SecondFactorStatus>('GET', '/api/auth/segundo-factor', { token: admin.token });
    expect(status.body).toEqual({ activo: false, requerido: true, codigos_restantes: 0 });
    // Log-in still answers a token (enrolment needs one); that token reaches enrolment only.
    const logged = await server.request<LoginResponse>('POST', '/api/login', { body: { usuario: admin.usuario, contrasena: TEST_PASSWORD } });
    expect(logged.body.access_token).toBeTruthy();
    expect((await server.request('GET', '/api/usuarios', { token: logged.body.access_token })).status).toBe(403);

    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { token: admin.token, body: { contrasena: TEST_PASSWORD } });
    expect(started.status).toBe(200);
    const confirmed = await server.request('POST', '/api/auth/segundo-factor/confirmacion', {
      token: admin.token,
      body: { codigo: codeAt(server, started.body.secreto) },
    });
    expect(confirmed.status).toBe(200);
    expect((await server.request('GET', '/api/usuarios', { token: admin.token })).status).toBe(200);

    // Turned off (say, for a new phone), everything closes again until it is set up anew.
    nextStep(server);
    const off = await server.request<ErrorAnswer>('POST', '/api/auth/segundo-factor/desactivacion', {
      token: admin.token,
      body: { contrasena: TEST_PASSWORD, codigo: codeAt(server, started.body.secreto) },
    });
    expect(off.status).toBe(204);
    expect((await server.request<ErrorAnswer>('GET', '/api/usuarios', { token: admin.token })).body.code).toBe('mfa_requerido');

    // Patients are not in the list: nothing changes for them.
    const patient = await server.createUser('paciente');
    expect((await server.request('GET', '/api/mi-cuenta', { token: patient.token })).status).toBe(200);
    const doctor = await server.createUser('doctor');
    expect((await server.request<ErrorAnswer>('GET', '/api/doctor/perfil', { token: doctor.token })).body.code).toBe('mfa_requerido');
    expect((await server.request('POST', '/api/auth/logout', { token: doctor.token })).status).toBe(204);
    // The front desk may be listed too: its day board waits for the factor like any other screen.
    const desk = await server.createUser('recepcion');
    expect((await server.request<ErrorAnswer>('GET', '/api/recepcion/hoy', { token: desk.token })).body.code).toBe('mfa_requerido');
  });

  it('a session is as strong as the steps it passed: one opened with the password alone stays so, and enrolling ends it', async () => {
    const admin = await server.createUser('admin');
    // A second device logged in with the password before the owner enrolled on the first.
    const other = await server.request<LoginResponse>('POST', '/api/login', { body: { usuario: admin.usuario, contrasena: TEST_PASSWORD } });
    const otherToken = other.body.access_token;
    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { token: admin.token, body: { contrasena: TEST_PASSWORD } });
    const confirmed = await server.request('POST', '/api/auth/segundo-factor/confirmacion', {
      token: admin.token,
      body: { codigo: codeAt(server, started.body.secreto) },
    });
    expect(confirmed.status).toBe(200);
    // The enrolling session is now a full administrator's; the other never becomes one.
    expect((await server.request('GET', '/api/usuarios', { token: admin.token })).status).toBe(200);
    const ended = await server.request<ErrorAnswer>('GET', '/api/usuarios', { token: otherToken });
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('sesion_cerrada');
    const sessions = await server.database.db
      .selectFrom('sesiones')
      .select(['segundo_factor', 'terminada_en'])
      .where('id_usuario', '=', admin.id_usuario)
      .execute();
    expect(sessions.filter((row) => row.terminada_en === null)).toEqual([{ segundo_factor: 1, terminada_en: null }]);

    // A password changed from the strong session keeps it strong; the new password is not a factor.
    const changed = await server.request<LoginResponse>('PUT', '/api/auth/contrasena', {
      token: admin.token,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Otra!Clave2026' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await server.request('GET', '/api/usuarios', { token: changed.body.access_token })).status).toBe(200);
  });

  it('a session without the factor stays limited even if its owner enrolled elsewhere in the meantime', async () => {
    const doctor = await server.createUser('doctor');
    const weak = await server.database.db
      .insertInto('sesiones')
      .values({
        id_sesion: `weak-${doctor.id_usuario}`,
        id_usuario: doctor.id_usuario,
        creada_en: server.clock.now().toISOString(),
        caduca_en: new Date(server.clock.now().getTime() + 3_600_000).toISOString(),
        ultimo_uso: server.clock.now().toISOString(),
        dispositivo: null,
        direccion: null,
        terminada_en: null,
        motivo: null,
        segundo_factor: 0,
      })
      .returning('id_sesion')
      .executeTakeFirstOrThrow();
    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { token: doctor.token, body: { contrasena: TEST_PASSWORD } });
    await server.request('POST', '/api/auth/segundo-factor/confirmacion', { token: doctor.token, body: { codigo: codeAt(server, started.body.secreto) } });
    // Even a session the enrolment did not end (a row written behind its back) is judged by its own steps.
    await server.database.db.updateTable('sesiones').set({ terminada_en: null, motivo: null }).where('id_sesion', '=', weak.id_sesion).execute();
    const token = server.app.jwt.sign({
      sub: String(doctor.id_usuario),
      id_usuario: doctor.id_usuario,
      id_paciente: null,
      id_doctor: doctor.id_doctor,
      nombre: 'Nombre',
      nombre_usuario: doctor.usuario,
      rol: 'doctor',
      sid: weak.id_sesion,
    });
    const refused = await server.request<ErrorAnswer>('GET', '/api/doctor/perfil', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('mfa_requerido');
  });
});
