import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail, type ParsedMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, TEST_PASSWORD, useTestServer } from '../../testing/test-server.ts';

const smtp = await useSmtpServer();

const PUBLIC_URL = 'https://clinica.example';
const NEW_PASSWORD = 'Olvidada99!';

/** The e-mails a recipient has received, waiting until there are `count` of them. */
async function mailsTo(address: string, count = 1): Promise<ParsedMail[]> {
  const deadline = Date.now() + 5000;
  const received = () => smtp.messages.filter((message) => message.to.includes(address));
  while (received().length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} e-mails to ${address}, received ${received().length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return received().map((message) => parseMail(message.raw));
}

const linkIn = (mail: ParsedMail) => {
  const match = /https:\/\/clinica\.example\/restablecer-contrasena\?token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in:\n${mail.text}`);
  return match[0];
};
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

let address = 0;
/** Each test asks from its own address (TRUST_PROXY), so the per-address limit stays out of the way. */
const fromNewAddress = () => ({ 'x-forwarded-for': `10.0.0.${(address += 1)}` });

describe.each(DATABASES)('forgotten password on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: 'true' } });

  const requestReset = (usuario: string, headers = fromNewAddress()) =>
    server.request<{ detail: string }>('POST', '/api/recuperar-contrasena', { body: { usuario }, headers });

  /** Asks for a link for the user and returns the token of the newest e-mail. */
  async function newLink(user: { usuario: string; correo: string }, mailsBefore = 0) {
    expect((await requestReset(user.usuario)).status).toBe(202);
    const mails = await mailsTo(user.correo, mailsBefore + 1);
    return tokenOf(linkIn(mails.at(-1) as ParsedMail));
  }

  const reset = (token: string, contrasena = NEW_PASSWORD, headers: Record<string, string> = {}) =>
    server.request<{ detail: string; code: string; errores?: { campo: string; mensaje: string }[] }>(
      'POST',
      '/api/restablecer-contrasena',
      { body: { token, contrasena }, headers: { ...fromNewAddress(), ...headers } },
    );
  const check = (token: string) =>
    server.request<{ usuario?: string; code?: string; detail?: string }>('POST', '/api/restablecer-contrasena/comprobar', {
      body: { token },
      headers: fromNewAddress(),
    });

  it('answers an existing and an unknown account identically, and e-mails only the existing one', async () => {
    const user = await server.createUser('paciente');
    const deleted = await server.createUser('paciente');
    await server.database.db.updateTable('usuarios').set({ activo: 0 }).where('id_usuario', '=', deleted.id_usuario).execute();

    const headers = { 'x-forwarded-for': '10.1.1.1' };
    const answers = [
      await requestReset(user.usuario, headers),
      await requestReset('nadie.aqui@example.com', headers),
      await requestReset(user.correo.toUpperCase(), headers),
      await requestReset(deleted.usuario, headers),
    ];
    const comparable = (response: (typeof answers)[number]) => ({
      status: response.status,
      body: response.body,
      // Left out: what differs between any two answers (time, request id, the address's remaining quota).
      headers: [...response.headers].filter(
        ([name]) => !['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(name),
      ),
    });
    for (const answer of answers) expect(comparable(answer)).toEqual(comparable(answers[0] as (typeof answers)[number]));
    expect(answers[0]?.status).toBe(202);
    expect(answers[0]?.body.detail).toBe(
      'Si existe una cuenta con ese usuario o correo, te hemos enviado un correo con un enlace para crear una contraseña nueva. El enlace caduca en una hora.',
    );

    // Requests are handled in order: once a later one has been mailed, the earlier ones are done.
    const witness = await server.createUser('doctor');
    await requestReset(witness.usuario);
    await mailsTo(witness.correo);
    expect(await mailsTo(user.correo, 2)).toHaveLength(2);
    expect(smtp.messages.filter((m) => m.to.includes('nadie.aqui@example.com') || m.to.includes(deleted.correo))).toEqual([]);
  });

  it('answers before the e-mail is delivered, so a slow mail server does not tell accounts apart', async () => {
    const user = await server.createUser('paciente');
    smtp.delayMs = 1500;
    try {
      const started = performance.now();
      const answer = await requestReset(user.usuario);
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(202);
      expect(elapsed).toBeLessThan(1000);
      await mailsTo(user.correo);
    } finally {
      smtp.delayMs = 0;
    }
  });

  it('e-mails a link that sets a new password once, ends the sessions and is audited', async () => {
    const user = await server.createUser('paciente', { nombre: 'Marta' });
    expect((await requestReset(user.usuario)).status).toBe(202);
    const [mail] = await mailsTo(user.correo);
    expect(mail?.subject).toBe('Restablece tu contraseña de Galeno');
    expect(mail?.text).toContain('Hola, Marta:');
    expect(mail?.text).toContain(`usuario: ${user.usuario}`);
    const token = tokenOf(linkIn(mail as ParsedMail));

    const stored = await server.database.db
      .selectFrom('restablecimientos_contrasena')
      .select(['hash_token', 'creado_en', 'caduca_en'])
      .where('id_usuario', '=', user.id_usuario)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.hash_token).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Date.parse(stored[0]?.caduca_en ?? '') - Date.parse(stored[0]?.creado_en ?? '')).toBe(3_600_000);

    expect(await check(token)).toMatchObject({ status: 200, body: { usuario: user.usuario } });
    expect((await reset(token)).status).toBe(204);

    expect((await server.request('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    const oldLogin = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: TEST_PASSWORD } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: NEW_PASSWORD } });
    expect(newLogin.status).toBe(200);

    const again = await reset(token, 'OtraMas123!');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'enlace_usado',
      detail: 'Este enlace ya se ha utilizado. Si necesitas cambiar la contraseña otra vez, pide uno nuevo.',
    });
    expect((await check(token)).body).toMatchObject({ code: 'enlace_usado' });

    const audit = await server.database.db
      .selectFrom('auditoria')
      .select(['accion', 'ip'])
      .where('id_usuario', '=', user.id_usuario)
      .orderBy('id_auditoria')
      .execute();
    expect(audit.map((entry) => entry.accion)).toEqual(['cuenta.restablecimiento_solicitado', 'cuenta.contrasena_restablecida']);
    expect(audit[1]?.ip).toMatch(/^10\.0\.0\.\d+$/);

    const [, notice] = await mailsTo(user.correo, 2);
    expect(notice?.subject).toBe('Tu contraseña de Galeno ha cambiado');
  });

  it('refuses a link after an hour', async () => {
    const user = await server.createUser('doctor');
    const token = await newLink(user);
    server.clock.advanceMinutes(59);
    expect((await check(token)).status).toBe(200);
    server.clock.advanceMinutes(2);
    const expired = await reset(token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'enlace_caducado',
      detail: 'El enlace para restablecer la contraseña ha caducado (dura una hora). Pide uno nuevo.',
    });
    expect((await check(token)).body).toMatchObject({ code: 'enlace_caducado' });
    const login = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: TEST_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('ends the older links of the account once one of them has been used', async () => {
    const user = await server.createUser('admin');
    const first = await newLink(user);
    const second = await newLink(user, 1);
    expect(first).not.toBe(second);
    expect((await reset(second)).status).toBe(204);
    expect((await reset(first, 'Tercera123!')).body).toMatchObject({ code: 'enlace_usado' });
    const login = await server.request('POST', '/api/login', { body: { usuario: user.usuario, contrasena: NEW_PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('answers 400 for a bad link or a weak password, and a refused password leaves the link usable', async () => {
    const forged = await reset('x'.repeat(43));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      code: 'enlace_invalido',
      detail: 'El enlace para restablecer la contraseña no es válido. Comprueba que lo has copiado entero o pide uno nuevo.',
    });
    expect((await reset('corto')).body).toMatchObject({ code: 'enlace_invalido' });
    expect((await reset('corto', NEW_PASSWORD, { 'accept-language': 'en' })).body).toMatchObject({
      detail: 'The password reset link is not valid. Check that you copied all of it, or ask for a new one.',
    });
    const missing = await server.request('POST', '/api/restablecer-contrasena', { body: { contrasena: NEW_PASSWORD }, headers: fromNewAddress() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'validacion', errores: [{ campo: 'token' }] });

    const user = await server.createUser('paciente');
    const token = await newLink(user);
    for (const weak of ['corta1!', 'sinmayuscula1!', 'SINMINUSCULA1!', 'SinDigitos!!', 'SinEspecial12', '']) {
      const refused = await reset(token, weak);
      expect(refused.status, weak).toBe(400);
      expect(refused.body.code, weak).toBe('validacion');
      expect(refused.body.errores?.map((error) => error.campo), weak).toContain('contrasena');
    }
    expect((await reset(token, 'corta1!')).body.detail).toBe(
      'La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un carácter especial (!@#$%^&*).',
    );
    expect((await reset(token)).status).toBe(204);
  });

  it('writes the e-mail in the account’s language', async () => {
    const user = await server.createUser('paciente', { nombre: 'Jordi' });
    await server.database.db.updateTable('usuarios').set({ idioma: 'ca' }).where('id_usuario', '=', user.id_usuario).execute();
    await requestReset(user.correo);
    const [mail] = await mailsTo(user.correo);
    expect(mail?.subject).toBe('Restableix la teva contrasenya de Galeno');
    expect(mail?.text).toContain('Caduca d’aquí a una hora');
  });

  it('sends an account at most three links an hour, and limits requests per address with 429', async () => {
    const user = await server.createUser('paciente');
    const headers = { 'x-forwarded-for': '10.2.2.2' };
    for (let i = 0; i < 4; i++) expect((await requestReset(user.usuario, headers)).status).toBe(202);
    const witness = await server.createUser('paciente');
    for (let i = 0; i < 6; i++) expect((await requestReset(witness.usuario, headers)).status).toBe(202);
    await mailsTo(witness.correo, 3);
    expect(await mailsTo(user.correo)).toHaveLength(3);

    const limited = await requestReset(user.usuario, headers);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'demasiados_intentos' });
  });
});

describe.each(DATABASES)('forgotten password without SMTP on %s', (kind) => {
  const server = useTestServer(kind);

  it('writes the link into the outbox of the data folder', async () => {
    const user = await server.createUser('paciente');
    expect((await server.request('POST', '/api/recuperar-contrasena', { body: { usuario: user.usuario } })).status).toBe(202);
    await server.app.mailer.settled();
    const outbox = path.join(server.config.dataDir, 'outbox');
    const deadline = Date.now() + 5000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      files = (await fs.readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml'));
      if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(files).toHaveLength(1);
    const mail = parseMail(await fs.readFile(path.join(outbox, files[0] ?? ''), 'utf8'));
    expect(mail.headers.get('to')).toContain(user.correo);
    // Without PUBLIC_URL the link names the address the server is configured to listen on.
    expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/restablecer-contrasena\?token=[\w-]{43}/);
  });
});
