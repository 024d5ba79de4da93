import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type { EnlaceCalendario } from '../../../contracts/calendar-feed.ts';
import type { Enrolment } from '../../../contracts/second-factor.ts';
import { specialtyId, uniqueColegiado } from '../../testing/admin.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// A calendar-feed address stands in for a log-in (anyone holding it reads the doctor's agenda), so
// whatever ends all of the doctor's sessions ends it too.

describe.each(DATABASES)('a calendar-feed address after the account changes hands, on %s', (kind) => {
  const server = useTestServer(kind, { env: { MFA_REQUIRED_ROLES: '' } });
  const create = async (doctor: TestUser) => {
    const made = await server.request<EnlaceCalendario>('POST', '/api/doctor/calendario', { token: doctor.token });
    expect(made.status).toBe(201);
    return made.body.url as string;
  };
  const status = async (url: string) => (await fetch(new URL(new URL(url).pathname, server.url))).status;
  const liveFor = async (doctor: TestUser) =>
    (await server.request<EnlaceCalendario>('GET', '/api/doctor/calendario', { token: doctor.token })).body.activo;

  async function doctorWithFeed(server: TestServer) {
    const doctor = await server.createUser('doctor');
    const url = await create(doctor);
    expect(await status(url)).toBe(200);
    return { doctor, url };
  }

  it('stops working after the doctor changes their password', async () => {
    const { doctor, url } = await doctorWithFeed(server);
    const changed = await server.request('PUT', '/api/auth/contrasena', {
      token: doctor.token,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Otra-Clave-9876!' },
    });
    expect(changed.status).toBeLessThan(300);
    expect(await status(url)).toBe(404);
  });

  it('stops working after an administrator ends all of the doctor’s sessions', async () => {
    const { doctor, url } = await doctorWithFeed(server);
    const admin = await server.createUser('admin');
    expect((await server.request('POST', `/api/usuarios/${doctor.id_usuario}/cerrar-sesiones`, { token: admin.token })).status).toBe(200);
    expect(await status(url)).toBe(404);
  });

  it('stops working once the doctor enrols a second factor, and a new address made afterwards works', async () => {
    const { doctor, url } = await doctorWithFeed(server);
    const started = await server.request<Enrolment>('POST', '/api/auth/segundo-factor/inicio', { token: doctor.token, body: { contrasena: TEST_PASSWORD } });
    expect(started.status).toBe(200);
    const totp = new TOTP({ secret: Secret.fromBase32(started.body.secreto), digits: 6, period: 30, algorithm: 'SHA1' });
    const confirmed = await server.request('POST', '/api/auth/segundo-factor/confirmacion', {
      token: doctor.token,
      body: { codigo: totp.generate({ timestamp: server.clock.now().getTime() }) },
    });
    expect(confirmed.status).toBe(200);
    expect(await status(url)).toBe(404);
    // The screen says there is none, rather than one that no longer opens.
    expect(await liveFor(doctor)).toBe(false);

    // The session that enrolled goes on, and may make a new address, which works.
    const fresh = await create(doctor);
    expect(await status(fresh)).toBe(200);
    expect(await liveFor(doctor)).toBe(true);
  });

  it('stops working after a demotion followed by a promotion', async () => {
    const { doctor, url } = await doctorWithFeed(server);
    const admin = await server.createUser('admin');
    const changeRole = (body: object) => server.request('PUT', `/api/usuarios/${doctor.id_usuario}/rol`, { token: admin.token, body });
    expect((await changeRole({ nuevo_rol: 'recepcion' })).status).toBe(200);
    expect((await changeRole({ nuevo_rol: 'doctor', numero_colegiado: uniqueColegiado(), id_especialidad: await specialtyId(server) })).status).toBe(200);
    expect(await status(url)).toBe(404);
  });

  it('keeps working through what ends no session: another doctor’s password change', async () => {
    const { url } = await doctorWithFeed(server);
    const other = await server.createUser('doctor');
    const changed = await server.request('PUT', '/api/auth/contrasena', {
      token: other.token,
      body: { contrasena_actual: TEST_PASSWORD, contrasena_nueva: 'Otra-Clave-9876!' },
    });
    expect(changed.status).toBeLessThan(300);
    expect(await status(url)).toBe(200);
  });
});
