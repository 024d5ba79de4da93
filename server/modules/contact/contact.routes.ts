import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactoSchema } from '../../../contracts/auth.ts';
import { errorBody } from '../../../contracts/common.ts';
import { limitPerAddressPerHour } from '../../plugins/address-limit.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await limitPerAddressPerHour(app, 'contacto', app.config.contactPerHourPerAddress);
  app.post(
    '/contacto',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'A message from the public contact form (limited per address and hour)',
        body: contactoSchema,
        response: { 201: z.object({ id_mensaje: z.number() }), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { name, email, message } = request.body;
      const row = await app.db
        .insertInto('mensajes_contacto')
        .values({ nombre: name, correo: email, mensaje: message, creado_en: app.clock.now().toISOString() })
        .returning('id_mensaje')
        .executeTakeFirstOrThrow();
      return reply.status(201).send(row);
    },
  );
};
