import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../contracts/common.ts';
import {
  ausenciaResponse,
  ausenciaSchema,
  ausenciasQuery,
  cancelarCitasResponse,
  cancelarCitasSchema,
  citaAfectadaSchema,
  crearAusenciaResponse,
  horarioQuery,
  horarioResponse,
  horarioSemanalSchema,
} from '../../../contracts/weekly-hours.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createWeeklyHoursService } from './weekly-hours.service.ts';

// A doctor enters their own absences; the desk and an administrator enter any doctor's.
const absenceAccess = { access: ['doctor', 'recepcion', 'admin'] as const };
const doctorOrAdmin = { access: ['doctor', 'admin'] as const };
const tags = ['agenda'];

/** Weekly hours and absences. */
export const weeklyHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWeeklyHoursService(app);

  app.get(
    '/agenda/horario',
    {
      config: doctorOrAdmin,
      schema: {
        tags,
        summary: "A doctor's weekly hours (a doctor's own; an admin names the doctor)",
        querystring: horarioQuery,
        response: { 200: horarioResponse, ...refusals, 404: errorBody },
      },
    },
    async (request) => service.hours(callerOf(request), request.query.id_doctor),
  );

  app.put(
    '/agenda/horario',
    {
      config: doctorOrAdmin,
      schema: {
        tags,
        summary: 'Replaces the weekly hours; generated days follow at once, days opened by hand and booked slots stay',
        body: horarioSemanalSchema,
        response: { 200: horarioResponse, ...refusals, 404: errorBody },
      },
    },
    async (request) => service.setHours(callerOf(request), request.body),
  );

  app.get(
    '/agenda/ausencias',
    {
      config: absenceAccess,
      schema: { tags, summary: "The caller's absences not yet over", querystring: ausenciasQuery, response: { 200: z.array(ausenciaResponse), ...refusals } },
    },
    async (request) => service.absences(callerOf(request), request.query.id_doctor),
  );

  app.post(
    '/agenda/ausencias',
    {
      config: absenceAccess,
      schema: {
        tags,
        summary: 'Adds an absence, closes its free slots and lists the visits booked inside it',
        body: ausenciaSchema,
        response: { 201: crearAusenciaResponse, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addAbsence(callerOf(request), request.body)),
  );

  app.delete(
    '/agenda/ausencias/:id',
    {
      config: absenceAccess,
      schema: {
        tags,
        summary: 'Removes an absence; its generated days get their slots back',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), ...refusals, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.removeAbsence(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agenda/ausencias/:id/citas',
    {
      config: absenceAccess,
      schema: {
        tags,
        summary: 'The visits still to come inside an absence',
        params: z.object({ id: idParam }),
        response: { 200: z.array(citaAfectadaSchema), ...refusals, 404: errorBody },
      },
    },
    async (request) => service.absenceVisits(callerOf(request), request.params.id),
  );

  app.post(
    '/agenda/ausencias/:id/cancelar-citas',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Cancels chosen visits of an absence; each patient is told by e-mail with a link to book again',
        params: z.object({ id: idParam }),
        body: cancelarCitasSchema,
        response: { 200: cancelarCitasResponse, ...refusals, 404: errorBody },
      },
    },
    async (request) => service.cancelAbsenceVisits(callerOf(request), request.params.id, request.body.citas),
  );
};
