import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, pagingQuery } from '../../../contracts/common.ts';
import { consultaSchema, finalizarConsultaSchema, medicoPacientesQuery, pacienteOpcionSchema, visitaSchema } from '../../../contracts/consultations.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly, refusals } from '../../lib/route-options.ts';
import { createAttendanceService } from './attendance.service.ts';
import { createDoctorListsService } from './doctor-lists.service.ts';
import { sendPage } from '../../lib/paging.ts';

const tags = ['consultations'];

/** The doctor completes a visit's consultation (the patient came), and lists their patients and confirmed visits. */
export const doctorAppointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const attendance = createAttendanceService(app);
  const lists = createDoctorListsService(app);

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
    async (request) => attendance.finish(callerOf(request), request.params.id, request.body),
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
      return sendPage(request, reply, await lists.patients(callerOf(request), request.query));
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
      return sendPage(request, reply, await lists.visits(callerOf(request), request.query));
    },
  );
};
