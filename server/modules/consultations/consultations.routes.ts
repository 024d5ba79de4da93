import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultaSchema, consultasQuery } from '../../../contracts/consultations.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createConsultationsService } from './consultations.service.ts';
import { sendPage } from '../../lib/paging.ts';

const tags = ['consultations'];

/** The doctor's consultations (assigning, completing one and the doctor's visits and patients are the appointments module's). */
export const consultationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createConsultationsService(app);

  app.get(
    '/medico/consultas',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: "The caller's consultations, newest first (total in X-Total-Count)",
        querystring: consultasQuery,
        response: { 200: z.array(consultaSchema), ...refusals },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.list(callerOf(request), request.query));
    },
  );
};
