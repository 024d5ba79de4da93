import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agendaDiaQuery,
  bloqueoActualizarSchema,
  bloquearResponse,
  bloqueSchema,
  crearAgendaResponse,
  crearAgendaSchema,
  desbloquearResponse,
  diasResponse,
  mesQuery,
  miIdDoctorResponse,
  rangoAgendaSchema,
} from '../../../contracts/agenda.ts';
import { errorBody, idParam } from '../../../contracts/common.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createAgendaService } from './agenda.service.ts';

const tags = ['agenda'];

/** The doctor's own agenda and appointment requests (spec sections 2-4). */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAgendaService(app);

  app.get(
    '/agenda/mi-id-doctor',
    {
      config: doctorOnly,
      schema: { tags, summary: "The caller's doctor id and usual slot interval", response: { 200: miIdDoctorResponse, 401: errorBody, 403: errorBody } },
    },
    async (request) => service.myDoctor(callerOf(request)),
  );

  app.get(
    '/agenda',
    {
      config: doctorOnly,
      schema: { tags, summary: "A day's slots of the caller's agenda", querystring: agendaDiaQuery, response: { 200: z.array(bloqueSchema), ...refusals } },
    },
    async (request) => service.day(callerOf(request), request.query),
  );

  app.post(
    '/agenda/crear',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Opens a day from a list of start times (re-opening never duplicates a slot)',
        body: crearAgendaSchema,
        response: { 201: crearAgendaResponse, ...refusals, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.open(callerOf(request), request.body)),
  );

  app.put(
    '/agenda/bloquear',
    {
      config: doctorOnly,
      schema: { tags, summary: 'Blocks the available slots of a time range', body: rangoAgendaSchema, response: { 200: bloquearResponse, ...refusals } },
    },
    async (request) => service.block(callerOf(request), request.body),
  );

  app.put(
    '/agenda/desbloquear',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Unblocks the blocked slots of a time range and fills its gaps with new slots',
        body: rangoAgendaSchema,
        response: { 200: desbloquearResponse, ...refusals, 409: errorBody },
      },
    },
    async (request) => service.unblock(callerOf(request), request.body),
  );

  app.put(
    '/agenda/bloqueo-actualizar',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Edits a blocked slot (tipo, estado, descripción)',
        body: bloqueoActualizarSchema,
        response: { 200: bloqueSchema, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.updateBlock(callerOf(request), request.body),
  );

  app.delete(
    '/agenda/bloque/:id',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Deletes a slot without appointments',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await service.deleteBlock(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agenda/bloqueos',
    {
      config: doctorOnly,
      schema: { tags, summary: 'Days of a month with blocked slots', querystring: mesQuery, response: { 200: diasResponse, ...refusals } },
    },
    async (request) => service.blockedDays(callerOf(request), request.query),
  );
};
