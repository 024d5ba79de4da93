import { describe, expect, it } from 'vitest';
import { DATABASES, TEST_PASSWORD, useTestServer } from '../../testing/test-server.ts';
import { needsRehash } from '../../lib/passwords.ts';

const newPatient = (suffix: string) => ({
  usuario: `paciente_${suffix}`,
  email: `Paciente.${suffix}@Example.com`,
  contrasena: 'Segura123!',
  nombre: 'José',
  apellido_1: 'Núñez',
});

describe.each(DATABASES)('sign-up and log-in on %s', (kind) => {
  const server = useTestServer(kind, { env: { LOGIN_MAX_FAILURES: '3' } });

  it('registers a patient who can then log in and is routed as paciente', async () => {
    const created = await server.request('POST', '/api/registro-paciente', { body: newPatient('a1') });
    expect(created.status).toBe(201);

    const login = await server.request<{ access_token: string; usuario: { nombre: string; rol: string; id_paciente: number } }>(
      'POST',
      '/api/login',
      { body: { usuario: 'paciente_a1', contrasena: 'Segura123!' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.usuario).toMatchObject({ nombre: 'José', rol: 'paciente' });
    expect(login.body.usuario.id_paciente).toBeGreaterThan(0);

    const [, payload] = login.body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ nombre: 'José', nombre_usuario: 'paciente_a1', rol: 'paciente', sub: expect.any(String) });
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(12 * 3600);

    const me = await server.request('GET', '/api/auth/me', { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ nombre_usuario: 'paciente_a1', rol: 'paciente' });
  });

  it('logs in with the e-mail too, in any case', async () => {
    await server.request('POST', '/api/registro-paciente', { body: newPatient('a2') });
    const login = await server.request('POST', '/api/login', { body: { usuario: 'PACIENTE.A2@example.com', contrasena: 'Segura123!' } });
    expect(login.status).toBe(200);
  });

  it('answers 409 for a taken e-mail or username, whatever their case', async () => {
    await server.request('POST', '/api/registro-paciente', { body: newPatient('dup') });
    const sameEmail = await server.request('POST', '/api/registro-paciente', {
      body: { ...newPatient('other'), email: 'PACIENTE.DUP@example.com' },
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ code: 'correo_duplicado', detail: 'El correo ya está registrado.' });

    const sameUser = await server.request('POST', '/api/registro-paciente', {
      body: { ...newPatient('other2'), usuario: 'PACIENTE_DUP' },
    });
    expect(sameUser.status).toBe(409);
    expect(sameUser.body).toMatchObject({ code: 'usuario_duplicado' });
  });

  it('refuses weak passwords and bad fields with the spec messages', async () => {
    for (const contrasena of ['corta1!', 'sinmayuscula1!', 'SINMINUSCULA1!', 'SinDigitos!!', 'SinEspecial12']) {
      const response = await server.request('POST', '/api/registro-paciente', { body: { ...newPatient('weak'), contrasena } });
      expect(response.status, contrasena).toBe(400);
      expect(response.body).toMatchObject({ code: 'validacion', errores: [{ campo: 'contrasena' }] });
    }
    const bad = await server.request<{ detail: string; errores: { campo: string; mensaje: string }[] }>('POST', '/api/registro-paciente', {
      body: { usuario: 'ab', email: 'no-es-correo', contrasena: 'Segura123!', nombre: ' ', apellido_1: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errores).toEqual(
      expect.arrayContaining([
        { campo: 'usuario', mensaje: 'Nombre de usuario requerido (mínimo 3 caracteres)' },
        { campo: 'email', mensaje: 'Debe ser un correo electrónico válido' },
        { campo: 'nombre', mensaje: 'Nombre requerido' },
        { campo: 'apellido_1', mensaje: 'Primer apellido requerido' },
      ]),
    );
  });

  it('answers in the language the client asks for', async () => {
    const response = await server.request('POST', '/api/login', {
      body: { usuario: '', contrasena: '' },
      headers: { 'accept-language': 'ca' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ detail: 'L’usuari és obligatori' });
  });

  it('answers 400 for invalid JSON and never a 500', async () => {
    const response = await server.request('POST', '/api/login', { body: '{"usuario": ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'json_invalido' });
  });

  it('refuses a wrong password with the spec text, then locks the account with 429 and Retry-After', async () => {
    const user = await server.createUser('paciente');
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: 'Mala1234!' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ detail: 'Usuario o contraseña incorrectos', code: 'credenciales_invalidas' });
    }
    const locked = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: TEST_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body).toMatchObject({ code: 'demasiados_intentos' });
  });

  it('answers 401 without a token, with a forged one, and after logout', async () => {
    expect((await server.request('GET', '/api/auth/me')).status).toBe(401);
    const user = await server.createUser('doctor');
    const [header, payload] = user.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    const forgedResponse = await server.request('GET', '/api/auth/me', { token: forged });
    expect(forgedResponse.status).toBe(401);
    expect(forgedResponse.body).toMatchObject({ code: 'token_invalido' });

    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const elevated = `${header}.${Buffer.from(JSON.stringify({ ...claims, rol: 'admin' })).toString('base64url')}.x`;
    expect((await server.request('GET', '/api/auth/me', { token: elevated })).status).toBe(401);

    expect((await server.request('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await server.request('POST', '/api/auth/logout', { token: user.token })).status).toBe(204);
    expect((await server.request('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
  });

  it('changes the password with the current one, ending older tokens', async () => {
    const user = await server.createUser('paciente');
    const wrong = await server.request('PUT', '/api/auth/contrasena', {
      token: user.token,
      body: { contrasena_actual: 'NoEsEsta1!', contrasena_nueva: 'Nueva1234!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'contrasena_actual_incorrecta', detail: 'La contraseña actual no es correcta.' });
    const weak = await server.request('PUT', '/api/auth/contrasena', {
      token: user.token,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'debil' },
    });
    expect(weak.status).toBe(400);

    const changed = await server.request<{ access_token: string }>('PUT', '/api/auth/contrasena', {
      token: user.token,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Nueva1234!' },
    });
    expect(changed.status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token: changed.body.access_token })).status).toBe(200);
    const oldLogin = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: TEST_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: 'Nueva1234!' } });
    expect(newLogin.status).toBe(200);
  });

  it('gives a hash made with older parameters today\'s at the next right log-in, and keeps it on a wrong one', async () => {
    await server.request('POST', '/api/registro-paciente', { body: newPatient('rehash') });
    // 'Secreto1234!' hashed with 19 MiB and 2 passes, the parameters before 2026-12-06.
    const oldHash = '$argon2id$v=19$m=19456,t=2,p=1$s15NnWWilrfqELOrWD5/bQ$t775cDszY3CfiqEvGGeWkXloZQQ4Vdu57l3GiSoC4rU';
    const stored = () =>
      server.database.db.selectFrom('usuarios').select('contrasena_hash').where('nombre_usuario', '=', 'paciente_rehash').executeTakeFirstOrThrow();
    await server.database.db.updateTable('usuarios').set({ contrasena_hash: oldHash }).where('nombre_usuario', '=', 'paciente_rehash').execute();

    const wrong = await server.request('POST', '/api/login', { body: { usuario: 'paciente_rehash', contrasena: 'Secreto1234?' } });
    expect(wrong.status).toBe(401);
    expect((await stored()).contrasena_hash).toBe(oldHash);

    const right = await server.request('POST', '/api/login', { body: { usuario: 'paciente_rehash', contrasena: 'Secreto1234!' } });
    expect(right.status).toBe(200);
    const rehashed = (await stored()).contrasena_hash;
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$/);
    expect(needsRehash(rehashed), 'hashed with the parameters new hashes get').toBe(false);
    const again = await server.request('POST', '/api/login', { body: { usuario: 'paciente_rehash', contrasena: 'Secreto1234!' } });
    expect(again.status).toBe(200);
  });

  it('stores passwords only as argon2id hashes', async () => {
    await server.request('POST', '/api/registro-paciente', { body: newPatient('hash') });
    const row = await server.database.db
      .selectFrom('usuarios')
      .select('contrasena_hash')
      .where('nombre_usuario', '=', 'paciente_hash')
      .executeTakeFirstOrThrow();
    expect(row.contrasena_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(row.contrasena_hash).not.toContain('Segura123');
  });
});

describe.each(DATABASES)('contact and health on %s', (kind) => {
  const server = useTestServer(kind);

  it('stores a contact message and validates its fields', async () => {
    const ok = await server.request('POST', '/api/contacto', { body: { name: 'Eva', email: 'eva@example.com', message: 'Hola' } });
    expect(ok.status).toBe(201);
    const rows = await server.database.db.selectFrom('mensajes_contacto').selectAll().execute();
    expect(rows).toHaveLength(1);
    const bad = await server.request('POST', '/api/contacto', { body: { name: '', email: 'x', message: '' } });
    expect(bad.status).toBe(400);
  });

  it('reports health with the database in use', async () => {
    const health = await server.request('GET', '/api/health');
    expect(health.body).toEqual({ estado: 'ok', base_de_datos: kind });
  });

  it('publishes an OpenAPI document at /api/docs', async () => {
    const docs = await server.request<{ openapi: string; paths: Record<string, unknown> }>('GET', '/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/registro-paciente', '/api/contacto']));
  });
});
