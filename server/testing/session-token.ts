import type { FastifyInstance } from 'fastify';
import type { TokenPayload } from '../../contracts/auth.ts';
import type { Role } from '../../contracts/roles.ts';
import { insertSession } from '../modules/auth/sessions.repository.ts';

/**
 * A token for an account made straight in the database: starts a session for it
 * the way a log-in would, without the password round trip.
 */
export async function sessionToken(
  app: FastifyInstance,
  user: { id_usuario: number; id_paciente: number | null; id_doctor: number | null; nombre: string; nombre_usuario: string; rol: Role },
): Promise<string> {
  const now = app.clock.now();
  const sid = await insertSession(app.db, {
    id_usuario: user.id_usuario,
    creada_en: now.toISOString(),
    caduca_en: new Date(now.getTime() + app.config.tokenTtlHours * 3_600_000).toISOString(),
    dispositivo: null,
    direccion: '127.0.0.1',
    segundo_factor: 0,
  });
  const payload: Omit<TokenPayload, 'exp' | 'iat'> = { sub: String(user.id_usuario), ...user, sid };
  return app.jwt.sign(payload);
}
