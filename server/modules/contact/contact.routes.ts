import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactoSchema } from '../../../contracts/auth.ts';
import { errorBody } from '../../../contracts/common.ts';
import { visitorOf } from '../../lib/request-context.ts';
import { limitPerAddressPerHour } from '../../plugins/address-limit.ts';
import { createContactService } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService(app);
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
    async (request, reply) => reply.status(201).send(await service.send(visitorOf(request), request.body)),
  );
};
