import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agendaDiaQuery,
  bandejaQuery,
  diasResponse,
  mesQuery,
  respuestaCitaResponse,
  respuestaCitaSchema,
  solicitudBandejaSchema,
  solicitudesPorDiaResponse,
  solicitudSchema,
} from '../../../contracts/agenda.ts';
import { errorBody, idParam } from '../../../contracts/common.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createRequestsService } from './requests.service.ts';
import { sendPage } from '../../lib/paging.ts';

const tags = ['agenda'];

/** The doctor's appointment requests and answers, on the agenda's paths (spec sections 2-4). */
export const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRequestsService(app);

  app.get(
    '/agenda/solicitudes-pendientes',
    {
      config: doctorOnly,
      schema: { tags, summary: 'Days of a month with pending appointment requests', querystring: mesQuery, response: { 200: diasResponse, ...refusals } },
    },
    async (request) => service.pendingDays(callerOf(request), request.query),
  );

  app.get(
    '/agenda/solicitudes-por-dia',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'How many pending appointment requests each day of a month has',
        querystring: mesQuery,
        response: { 200: solicitudesPorDiaResponse, ...refusals },
      },
    },
    async (request) => service.pendingCounts(callerOf(request), request.query),
  );

  app.get(
    '/agenda/solicitudes',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: "The caller's pending appointment requests still to come, any day, oldest request first (paged; total in X-Total-Count)",
        querystring: bandejaQuery,
        response: { 200: z.array(solicitudBandejaSchema), ...refusals },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.inbox(callerOf(request), request.query));
    },
  );

  app.get(
    '/agenda/solicitudes-dia',
    {
      config: doctorOnly,
      schema: { tags, summary: "A day's pending appointment requests", querystring: agendaDiaQuery, response: { 200: z.array(solicitudSchema), ...refusals } },
    },
    async (request) => service.dayRequests(callerOf(request), request.query),
  );

  app.put(
    '/agenda/citas/:id_cita',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Accepts (Confirmada) or rejects (Cancelada) an appointment request; a rejection may carry a one-line reason for the patient',
        params: z.object({ id_cita: idParam }),
        body: respuestaCitaSchema,
        response: { 200: respuestaCitaResponse, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.answer(callerOf(request), request.params.id_cita, request.body),
  );
};
