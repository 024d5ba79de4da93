import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contracts/common.ts';
import { consultaSchema, crearConsultaSchema } from '../../../contracts/consultations.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createAssignService } from './assign.service.ts';

const tags = ['consultations'];

/** A doctor assigns a consultation to a patient: an appointment that takes its place in the agenda. */
export const assignRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAssignService(app);

  app.post(
    '/consultas',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Assigns a consultation to a patient',
        body: crearConsultaSchema,
        response: { 201: consultaSchema, ...refusals, 404: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.assign(callerOf(request), request.body)),
  );
};
