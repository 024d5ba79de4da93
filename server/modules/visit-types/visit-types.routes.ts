import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import { ofertaTiposSchema, tipoOfertaItem, tipoVisitaItem, tipoVisitaParams, tipoVisitaSchema } from '../../../contracts/visit-types.ts';
import { callerOf } from '../../lib/request-context.ts';
import { refusals } from '../../lib/route-options.ts';
import { createVisitTypesService } from './visit-types.service.ts';

const tags = ['tipos de visita'];

/** The catalogue of visit types (administrators manage it) and each doctor's offer. */
export const visitTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVisitTypesService(app);

  app.get(
    '/tipos-visita',
    {
      config: { access: ['paciente', 'doctor', 'recepcion', 'admin'] },
      schema: { tags, summary: "The clinic's visit types: the active ones, and the inactive ones too for administrators", response: { 200: z.array(tipoVisitaItem), ...refusals } },
    },
    async (request) => service.list(callerOf(request)),
  );

  app.post(
    '/tipos-visita',
    {
      config: { access: ['admin'] },
      schema: { tags, summary: 'Adds a visit type to the catalogue', body: tipoVisitaSchema, response: { 201: tipoVisitaItem, ...refusals, 409: errorBody } },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.put(
    '/tipos-visita/:id_tipo',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: 'Changes a visit type, or makes it inactive (visits already booked keep their length)',
        params: tipoVisitaParams,
        body: tipoVisitaSchema,
        response: { 200: tipoVisitaItem, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id_tipo, request.body),
  );

  app.get(
    '/doctor/tipos-visita',
    {
      config: { access: ['doctor'] },
      schema: { tags, summary: 'The active visit types, with which the calling doctor offers and their own length', response: { 200: z.array(tipoOfertaItem), ...refusals } },
    },
    async (request) => service.offer(callerOf(request)),
  );

  app.put(
    '/doctor/tipos-visita',
    {
      config: { access: ['doctor'] },
      schema: {
        tags,
        summary: 'The calling doctor chooses the visit types they offer, each at the catalogue length or their own',
        body: ofertaTiposSchema,
        response: { 200: z.array(tipoOfertaItem), ...refusals, 404: errorBody },
      },
    },
    async (request) => service.setOffer(callerOf(request), request.body),
  );
};
