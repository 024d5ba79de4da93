import { expect } from 'vitest';
import type { TipoVisitaForm, TipoVisita } from '../../contracts/visit-types.ts';
import type { TestServer, TestUser } from './test-server.ts';

/**
 * An admin adds a visit type to the catalogue (purple and open to every patient unless `fields`
 * say otherwise); the type as the API answers it.
 */
export async function addVisitType(
  server: TestServer,
  admin: TestUser,
  fields: Pick<TipoVisitaForm, 'nombre_es' | 'nombre_ca' | 'nombre_en' | 'duracion_min'> & Partial<Pick<TipoVisitaForm, 'color' | 'reserva'>>,
): Promise<TipoVisita> {
  const created = await server.request<TipoVisita>('POST', '/api/tipos-visita', {
    token: admin.token,
    body: { color: '#AE3EC9', reserva: 'todos', ...fields },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}
