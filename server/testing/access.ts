import { expect } from 'vitest';
import type { TestServer, TestUser } from './test-server.ts';

/** A request to try: method, path and, for writes, a body. */
export type Endpoint = [method: string, path: string, body?: unknown];

/** Every endpoint answers 401 without a token and the access rule's 403 to each of `refused`. */
export async function expectRefused(server: TestServer, endpoints: Endpoint[], refused: TestUser[]): Promise<void> {
  for (const [method, path, body] of endpoints) {
    expect((await server.request(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
    for (const user of refused) {
      const response = await server.request(method, path, { token: user.token, body });
      expect(response.status, `${method} ${path} as ${user.rol}`).toBe(403);
      expect(response.body).toMatchObject({ code: 'sin_permiso', detail: 'No tienes permisos para realizar esta acción.' });
    }
  }
}
