import type { FastifyInstance } from 'fastify';
import type { Contacto } from '../../../contracts/auth.ts';
import type { Visitor } from '../../lib/request-context.ts';
import { insertContactMessage } from './contact.repository.ts';

export function createContactService(app: FastifyInstance) {
  return {
    /** Keeps a message from the public contact form. */
    async send(_caller: Visitor, input: Contacto): Promise<{ id_mensaje: number }> {
      return insertContactMessage(app.db, {
        nombre: input.name,
        correo: input.email,
        mensaje: input.message,
        creado_en: app.clock.now().toISOString(),
      });
    },
  };
}
