import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../contracts/common.ts';
import { cierreCreadoResponse, cierreResponse, cierreSchema, festivoClinicaSchema, festivoFechaParam } from '../../../contracts/relocate.ts';
import { festivoSchema, festivosQuery } from '../../../contracts/weekly-hours.ts';
import { callerOf } from '../../lib/request-context.ts';
import { refusals } from '../../lib/route-options.ts';
import { createClosuresService } from './closures.service.ts';

const adminOnly = { access: ['admin'] as const };
// Whoever books or keeps an agenda reads the clinic's calendar.
const staff = { access: ['doctor', 'recepcion', 'admin'] as const };
const tags = ['agenda'];

/** The clinic's own calendar: closures of the whole clinic and its holiday list. */
export const closuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createClosuresService(app);

  app.get(
    '/clinica/cierres',
    { config: staff, schema: { tags, summary: 'Closures of the whole clinic not yet over', response: { 200: z.array(cierreResponse), ...refusals } } },
    async () => service.closures(),
  );

  app.post(
    '/clinica/cierres',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Closes the whole clinic for a day or a range: no slot is offered, and booked visits wait at the desk to be relocated',
        body: cierreSchema,
        response: { 201: cierreCreadoResponse, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addClosure(callerOf(request), request.body)),
  );

  app.delete(
    '/clinica/cierres/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Removes a closure; generated days get their weekly hours back',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.removeClosure(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/clinica/festivos',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Adds a local holiday (the clinic closes) or opens the clinic on one of the region's public holidays",
        body: festivoClinicaSchema,
        response: { 204: z.null(), ...refusals, 409: errorBody },
      },
    },
    async (request, reply) => {
      await service.addHoliday(callerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/clinica/festivos/:fecha',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Takes a day off the clinic's holiday list: a local holiday opens again, a public holiday closes again",
        params: festivoFechaParam,
        response: { 204: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.removeHoliday(callerOf(request), request.params.fecha);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agenda/festivos',
    {
      config: staff,
      schema: {
        tags,
        summary: "The clinic's holidays of a year: the region's public ones (marked when the clinic opens on one) and its local ones",
        querystring: festivosQuery,
        response: { 200: z.array(festivoSchema), ...refusals },
      },
    },
    async (request) => service.holidays(callerOf(request), request.query.anio),
  );
};
