import { describe, expect, it } from 'vitest';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer } from '../../testing/test-server.ts';
import { throttleAddress } from '../../lib/address.ts';

// An attacker who knows a username cannot keep its owner out.
const smtp = await useSmtpServer();

let next = 0;
/** A new address per call (TRUST_PROXY is on): a clean address, as the owner's would be. */
const newAddress = () => `10.20.${Math.floor((next += 1) / 250)}.${next % 250}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

const env = {
  TRUST_PROXY: 'true',
  SMTP_URL: smtp.url,
  LOGIN_MAX_FAILURES: '3',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
  LOGIN_ALERT_FAILURES_PER_DAY: '5',
};

async function mailsTo(address: string, count: number) {
  const deadline = Date.now() + 15_000;
  const received = () => smtp.messages.filter((message) => message.to.includes(address));
  while (received().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return received();
}

describe.each(DATABASES)('log-in throttling per account and address on %s', (kind) => {
  const server: TestServer = useTestServer(kind, { env });
  const logIn = (usuario: string, contrasena: string, address: string) =>
    server.request('POST', '/api/login', { body: { usuario, contrasena }, headers: from(address) });

  it('holds the guessing address off the account (429, Retry-After); the owner elsewhere still logs in', async () => {
    const owner = await server.createUser('doctor');
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) expect((await logIn(owner.usuario, 'Mala1234!', attacker)).status).toBe(401);
    // Held off the account, whatever name is typed for it, right password included.
    for (const usuario of [owner.usuario, owner.correo, owner.correo.toUpperCase()]) {
      const held = await logIn(usuario, TEST_PASSWORD, attacker);
      expect(held.status, usuario).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(held.body).toMatchObject({ code: 'demasiados_intentos' });
    }
    // The owner, from an address that has not failed, gets in, again and again.
    for (let i = 0; i < 3; i++) expect((await logIn(owner.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
    // The hold passes with time.
    server.clock.advanceMinutes(16);
    expect((await logIn(owner.usuario, TEST_PASSWORD, attacker)).status).toBe(200);
  });

  it('counts the username and the e-mail as one account (5 + 5 tries are gone)', async () => {
    const owner = await server.createUser('paciente');
    const attacker = newAddress();
    expect((await logIn(owner.usuario, 'Mala1234!', attacker)).status).toBe(401);
    expect((await logIn(owner.correo, 'Mala1234!', attacker)).status).toBe(401);
    expect((await logIn(owner.usuario.toUpperCase(), 'Mala1234!', attacker)).status).toBe(401);
    expect((await logIn(owner.correo, 'Mala1234!', attacker)).status).toBe(429);
  });

  it('holds an address that guesses across accounts off every account; others are not affected', async () => {
    const attacker = newAddress();
    const victims = await Promise.all([1, 2, 3, 4].map(() => server.createUser('paciente')));
    const statuses: number[] = [];
    for (const victim of victims) {
      for (let i = 0; i < 2; i++) statuses.push((await logIn(victim.usuario, 'Mala1234!', attacker)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    const someoneElse = await server.createUser('paciente');
    expect((await logIn(someoneElse.usuario, TEST_PASSWORD, attacker)).status).toBe(429);
    expect((await logIn('nadie-en-absoluto', 'Mala1234!', attacker)).status).toBe(429);
    expect((await logIn(someoneElse.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
    for (const victim of victims) expect((await logIn(victim.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
  });

  it('names nobody cannot lock anybody: unknown names count against the address only', async () => {
    const owner = await server.createUser('paciente');
    const attacker = newAddress();
    for (let i = 0; i < 7; i++) expect((await logIn(`${owner.usuario}x${i}`, 'Mala1234!', attacker)).status).toBe(401);
    expect((await logIn(owner.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
  });

  it('e-mails the owner once, in their language, past the daily ceiling of failures', async () => {
    const owner = await server.createUser('paciente');
    await server.database.db.updateTable('usuarios').set({ idioma: 'ca' }).where('id_usuario', '=', owner.id_usuario).execute();
    // A distributed guess: one failure from each of many addresses.
    for (let i = 0; i < 9; i++) expect((await logIn(owner.usuario, `Mala${i}234!`, newAddress())).status).toBe(401);
    const mails = await mailsTo(owner.correo, 1);
    expect(mails).toHaveLength(1);
    const mail = parseMail(mails[0]?.raw ?? '');
    expect(mail.subject).toBe('Intents fallits d’entrar al teu compte de Galeno');
    expect(mail.text).toContain(`(usuari: ${owner.usuario})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((message) => message.to.includes(owner.correo))).toHaveLength(1);
    expect((await logIn(owner.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
  });

  it('throttles the current-password check of PUT /api/auth/contrasena the same way', async () => {
    const user = await server.createUser('paciente');
    const thief = newAddress();
    const change = (contrasena_actual: string, address: string) =>
      server.request('PUT', '/api/auth/contrasena', {
        token: user.token,
        body: { contrasena_actual, contrasena_nueva: 'Nueva1234!' },
        headers: from(address),
      });
    for (let i = 0; i < 3; i++) expect((await change(`Adivina${i}1!`, thief)).status).toBe(400);
    const held = await change(TEST_PASSWORD, thief);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    // The guesses count as failed log-ins of that account from that address too.
    expect((await logIn(user.usuario, TEST_PASSWORD, thief)).status).toBe(429);
    expect((await logIn(user.usuario, TEST_PASSWORD, newAddress())).status).toBe(200);
  });
});

describe('throttleAddress', () => {
  it('counts IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
  });
});
