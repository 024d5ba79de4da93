import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

// Self-service answers are limited per address, so whether someone is a patient of the clinic
// cannot be learnt faster than the limit.
describe.each(DATABASES)('sign-ups and contact messages per address on %s', (kind) => {
  const server = useTestServer(kind, { env: { TRUST_PROXY: 'true', SIGNUPS_PER_HOUR_PER_ADDRESS: '3', CONTACT_PER_HOUR_PER_ADDRESS: '2' } });
  const signUp = (usuario: string, email: string, address: string) =>
    server.request<{ code: string; detail: string }>('POST', '/api/registro-paciente', {
      body: { usuario, email, contrasena: 'Segura123!', nombre: 'Eva', apellido_1: 'Mallol' },
      headers: { 'x-forwarded-for': address },
    });

  it('answers 409 only up to the hourly limit of the address, then 429 with Retry-After', async () => {
    const patient = await server.createUser('paciente');
    expect((await signUp('sondeo_1', patient.correo, '10.30.0.1')).status).toBe(409);
    expect((await signUp('sondeo_2', 'nuevo.sondeo@example.com', '10.30.0.1')).status).toBe(201);
    expect((await signUp(patient.usuario, 'otro.sondeo@example.com', '10.30.0.1')).status).toBe(409);
    const refused = await signUp('sondeo_3', patient.correo, '10.30.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'demasiadas_solicitudes',
      detail: 'Demasiadas solicitudes desde esta dirección. Inténtalo de nuevo más tarde.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another address (another household, another clinic desk) signs up as usual.
    expect((await signUp('vecina', 'vecina@example.com', '10.30.0.2')).status).toBe(201);
  });

  it('limits contact messages per address and hour', async () => {
    const send = (address: string) =>
      server.request('POST', '/api/contacto', {
        body: { name: 'Eva', email: 'eva@example.com', message: 'Hola' },
        headers: { 'x-forwarded-for': address, 'accept-language': 'en' },
      });
    expect((await send('10.31.0.1')).status).toBe(201);
    expect((await send('10.31.0.1')).status).toBe(201);
    const refused = await send('10.31.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'demasiadas_solicitudes', detail: 'Too many requests from this address. Try again later.' });
    expect((await send('10.31.0.2')).status).toBe(201);
  });
});
