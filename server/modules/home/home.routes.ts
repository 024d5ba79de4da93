import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contracts/common.ts';
import { cifrasClinicaSchema, inicioMedicoSchema, inicioPacienteSchema } from '../../../contracts/home.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createHomeService } from './home.service.ts';

const refusals = { 401: errorBody, 403: errorBody };
const tags = ['inicio'];

/** What each role's home screen shows of the day's work. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHomeService(app);

  app.get(
    '/paciente/inicio',
    {
      config: { access: ['paciente'] },
      schema: {
        tags,
        summary:
          "The patient's next visit, other upcoming ones and the answers to their requests since their last visit",
        response: { 200: inicioPacienteSchema, ...refusals },
      },
    },
    async (request) => service.patient(callerOf(request)),
  );

  app.get(
    '/medico/inicio',
    {
      config: { access: ['doctor'] },
      schema: {
        tags,
        summary: "The doctor's visits today, the requests waiting longest (and how many wait) and tomorrow's count",
        response: { 200: inicioMedicoSchema, ...refusals },
      },
    },
    async (request) => service.doctor(callerOf(request)),
  );

  app.get(
    '/admin/cifras',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary:
          'The clinic in figures: active visits today and this week, pending requests, new patients this month, booked share per doctor',
        response: { 200: cifrasClinicaSchema, ...refusals },
      },
    },
    async (request) => service.clinic(callerOf(request)),
  );
};
