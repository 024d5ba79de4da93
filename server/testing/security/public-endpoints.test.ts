import { describe, expect, it } from 'vitest';
import { DATABASES, TEST_PASSWORD, useTestServer } from '../test-server.ts';

describe.each(DATABASES)('public endpoints on %s', (kind) => {
  const server = useTestServer(kind);

  it('answer a client that still sends a stale or broken token as they answer anyone', async () => {
    const user = await server.createUser('paciente');
    const [header, payload] = user.token.split('.');
    const stale = [
      `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`,
      'not-a-token',
      user.token.slice(0, -4),
    ];
    for (const token of stale) {
      const login = await server.request('POST', '/api/login', { token, body: { usuario: user.usuario, contrasena: TEST_PASSWORD } });
      expect(login.status, `log-in with ${token.slice(-8)}`).toBe(200);
      expect((await server.request('GET', '/api/especialidades', { token })).status).toBe(200);
      const contact = await server.request('POST', '/api/contacto', { token, body: { name: 'Ana', email: 'ana@example.com', message: 'Hola' } });
      expect(contact.status).toBe(201);
      expect((await server.request('GET', '/api/health', { token })).status).toBe(200);
    }
    // A protected endpoint still refuses the same tokens.
    expect((await server.request('GET', '/api/auth/me', { token: stale[0] })).status).toBe(401);
  });
});
