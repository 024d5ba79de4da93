import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import {
  cancelarReubicarSchema,
  citaPorReubicarSchema,
  huecoReubicarSchema,
  huecosReubicarQuery,
  moverReubicarSchema,
  propuestaSchema,
  propuestasQuery,
  resultadosReubicarResponse,
} from '../../../contracts/relocate.ts';
import { callerOf } from '../../lib/request-context.ts';
import { deskStaff, refusals } from '../../lib/route-options.ts';
import { createRelocateService } from './relocate.service.ts';

const tags = ['recepcion'];

/** The desk's visits to relocate (por reubicar): those on a closed day or inside their doctor's absence. */
export const relocateRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRelocateService(app);

  app.get(
    '/recepcion/por-reubicar',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: 'The visits waiting to be relocated, with the patient’s contact, the doctor, the original time and the cause',
        response: { 200: z.array(citaPorReubicarSchema), ...refusals },
      },
    },
    async (request) => service.list(callerOf(request)),
  );

  app.get(
    '/recepcion/por-reubicar/propuestas',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: 'For each visit, the first free slot of the same specialty after its original time',
        querystring: propuestasQuery,
        response: { 200: z.array(propuestaSchema), ...refusals },
      },
    },
    async (request) => service.propose(callerOf(request), request.query.ids),
  );

  app.get(
    '/recepcion/por-reubicar/huecos',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: "A day's free slots of the visit's specialty",
        querystring: huecosReubicarQuery,
        response: { 200: z.array(huecoReubicarSchema), ...refusals, 409: errorBody },
      },
    },
    async (request) => service.slots(callerOf(request), request.query),
  );

  app.post(
    '/recepcion/por-reubicar/mover',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: 'Moves each visit to a free slot of the same specialty, one atomic step per visit; answers what happened to each',
        body: moverReubicarSchema,
        response: { 200: resultadosReubicarResponse, ...refusals },
      },
    },
    async (request) => service.move(callerOf(request), request.body),
  );

  app.post(
    '/recepcion/por-reubicar/cancelar',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: 'Cancels the visits with a reason; each patient is told by e-mail',
        body: cancelarReubicarSchema,
        response: { 200: resultadosReubicarResponse, ...refusals },
      },
    },
    async (request) => service.cancel(callerOf(request), request.body),
  );
};
