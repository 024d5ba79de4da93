import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contracts/common.ts';
import { reglasReservaRespuesta, reglasReservaSchema } from '../../../contracts/booking-rules.ts';
import { callerOf } from '../../lib/request-context.ts';
import { bookingRules, saveBookingRules } from './booking-rules.ts';

const tags = ['clinica'];

/** The clinic's booking rules, on the clinic's paths: everyone reads them, the admin changes them. */
export const bookingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clinica/reglas',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The clinic's booking rules: notice to book, furthest bookable day, notice to cancel or reschedule online, caps and the no-show limit",
        response: { 200: reglasReservaRespuesta },
      },
    },
    async () => bookingRules(app),
  );

  app.put(
    '/clinica/reglas',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: "Change the clinic's booking rules (audited)",
        body: reglasReservaSchema,
        response: { 200: reglasReservaRespuesta, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => saveBookingRules(app, callerOf(request), request.body),
  );
};
