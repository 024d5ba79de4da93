import { describe, expect, it } from 'vitest';
import { migrateTo } from '../../db/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, TEST_PASSWORD, useTestServer } from '../../testing/test-server.ts';
import { insertUser } from '../accounts/accounts.repository.ts';

// Usernames and e-mails are one namespace.
const smtp = await useSmtpServer();

let address = 0;
/** Each request from its own address, so the per-address limits stay out of the way. */
const fresh = () => ({ 'x-forwarded-for': `10.1.0.${(address += 1)}` });

const signUp = (usuario: string, email: string) => ({
  usuario,
  email,
  contrasena: 'Segura123!',
  nombre: 'Eva',
  apellido_1: 'Mallol',
});

describe.each(DATABASES)('one identity per person on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://clinica.example', TRUST_PROXY: 'true' } });

  it("refuses a username equal to another account's e-mail; the victim still logs in and resets", async () => {
    const victim = await server.createUser('paciente');
    const attack = await server.request<{ code: string; errores: { campo: string; mensaje: string }[] }>('POST', '/api/registro-paciente', {
      body: signUp(victim.correo, 'atacante@example.com'),
      headers: fresh(),
    });
    expect(attack.status).toBe(400);
    expect(attack.body.errores).toEqual([
      { campo: 'usuario', mensaje: "El nombre de usuario solo puede tener letras, números, '.', '-' y '_'." },
    ]);

    const login = await server.request<{ usuario: { id_usuario: number } }>('POST', '/api/login', {
      body: { usuario: victim.correo.toUpperCase(), contrasena: TEST_PASSWORD },
      headers: fresh(),
    });
    expect(login.status).toBe(200);
    expect(login.body.usuario.id_usuario).toBe(victim.id_usuario);

    expect((await server.request('POST', '/api/recuperar-contrasena', { body: { usuario: victim.correo }, headers: fresh() })).status).toBe(202);
    const deadline = Date.now() + 15_000;
    while (!smtp.messages.some((message) => message.to.includes(victim.correo)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mail = smtp.messages.find((message) => message.to.includes(victim.correo));
    expect(smtp.messages.filter((message) => message.to.includes('atacante@example.com'))).toEqual([]);
    expect(parseMail(mail?.raw ?? '').text).toContain('https://clinica.example/restablecer-contrasena?token=');
  });

  it("refuses an e-mail equal to another account's username, in any case (409 correo_duplicado)", async () => {
    // An account from before the rule, whose username looks like an e-mail.
    const legacy = await server.createUser('paciente', { usuario: 'antiguo@example.com', correo: 'otro.antiguo@example.com' });
    const response = await server.request('POST', '/api/registro-paciente', {
      body: signUp('recien_llegado', legacy.usuario.toUpperCase()),
      headers: fresh(),
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'correo_duplicado', detail: 'El correo ya está registrado.' });
  });

  it('the database itself refuses an account whose username is already someone else’s e-mail', async () => {
    const owner = await server.createUser('paciente');
    await expect(server.createUser('paciente', { usuario: owner.correo.toUpperCase(), correo: 'distinto@example.com' })).rejects.toThrow();
  });

  it('two sign-ups racing for one identifier: one 201, one 409, one account', async () => {
    const requests = [
      signUp('carrera_a', 'carrera@example.com'),
      signUp('carrera_b', 'carrera@example.com'),
      signUp('carrera_c', 'Carrera@Example.com'),
    ].map((body) => server.request<{ code?: string }>('POST', '/api/registro-paciente', { body, headers: fresh() }));
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'correo_duplicado')).toBe(true);
    const rows = await server.database.db.selectFrom('usuarios').select('id_usuario').where('correo', '=', 'carrera@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('a doctor registered by an admin follows the same rule', async () => {
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    const specialty = await server.database.db.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow();
    const response = await server.request('POST', '/api/registro-doctor', {
      token: admin.token,
      body: { ...signUp(patient.correo, 'doc.nuevo@example.com'), apellido_2: 'Puig', colegiado: '123456780', id_especialidad: specialty.id_especialidad },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errores: [{ campo: 'usuario' }] });
  });
});

describe.each(DATABASES)('migrating accounts from before the one namespace on %s', (kind) => {
  let ids: Record<'victim' | 'attacker' | 'same' | 'upper', number> | undefined;
  const server = useTestServer(kind, {
    // The takeover this guards against: an attacker registered the victim's e-mail as a username.
    prepare: async (database) => {
      await migrateTo(database, '050-password-resets');
      const contrasena_hash = await hashPassword(TEST_PASSWORD);
      const base = { contrasena_hash, rol: 'paciente' as const, nombre: 'X', apellido1: 'Y', creado_en: '2026-01-01T00:00:00.000Z' };
      const insert = (nombre_usuario: string, correo: string) => insertUser(database.db, { ...base, nombre_usuario, correo });
      ids = {
        victim: await insert('victima', 'victima@example.com'),
        attacker: await insert('victima@example.com', 'atacante@example.com'),
        same: await insert('mismo@example.com', 'mismo@example.com'),
        upper: await insert('Mayus.Cula', 'Mayus@Example.com'),
      };
    },
  });

  const logIn = (usuario: string) =>
    server.request<{ usuario: { id_usuario: number } }>('POST', '/api/login', { body: { usuario, contrasena: TEST_PASSWORD } });

  it('keeps every account able to log in, and the e-mail names its owner', async () => {
    expect((await logIn('victima@example.com')).body.usuario.id_usuario).toBe(ids?.victim);
    expect((await logIn('victima')).body.usuario.id_usuario).toBe(ids?.victim);
    expect((await logIn('atacante@example.com')).body.usuario.id_usuario).toBe(ids?.attacker);
    expect((await logIn('mismo@example.com')).body.usuario.id_usuario).toBe(ids?.same);
    expect((await logIn('mayus.cula')).body.usuario.id_usuario).toBe(ids?.upper);
    expect((await logIn('MAYUS@example.com')).body.usuario.id_usuario).toBe(ids?.upper);
  });
});
