import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, pagingQuery } from '../../../contracts/common.ts';
import {
  consultaSchema,
  consultasQuery,
  finalizarConsultaSchema,
  medicoPacientesQuery,
  pacienteOpcionSchema,
  visitaSchema,
} from '../../../contracts/consultations.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createConsultationsService } from './consultations.service.ts';

const doctorOnly = { access: ['doctor'] as const };
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['consultations'];

/** The doctor's consultations: list, complete; their patients and visits (assigning one is the agenda's). */
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
      const page = await service.list(callerOf(request), request.query);
      return reply.header('x-total-count', String(page.total)).send(page.items);
    },
  );

  app.put(
    '/consultas/:id/finalizar',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Completes a consultation with its diagnosis and recommendations',
        params: z.object({ id: idParam }),
        body: finalizarConsultaSchema,
        response: { 200: consultaSchema, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.finish(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/medico/pacientes',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: 'Patients a doctor can pick, by name (mis_pacientes=true: only those they treat)',
        querystring: medicoPacientesQuery,
        response: { 200: z.array(pacienteOpcionSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const page = await service.patients(callerOf(request), request.query);
      return reply.header('x-total-count', String(page.total)).send(page.items);
    },
  );

  app.get(
    '/medico/visitas',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: "The caller's confirmed visits from today on",
        querystring: pagingQuery.omit({ buscar: true }),
        response: { 200: z.array(visitaSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const page = await service.visits(callerOf(request), request.query);
      return reply.header('x-total-count', String(page.total)).send(page.items);
    },
  );
};
