import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contracts/common.ts';
import { enlaceInfo, enlaceParams, enlaceResultado } from '../../../contracts/one-tap.ts';
import { visitorOf } from '../../lib/request-context.ts';
import { createOneTapService } from './one-tap.service.ts';

/** A reminder's one-tap links: public, each good for its one visit and action, once. */
export const oneTapRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOneTapService(app);
  const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

  app.get(
    '/enlaces/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['citas'],
        summary: "What a reminder's one-tap link will do (confirm, cancel or move which visit), before the patient taps; 404 for a link that is not valid, 409 for one used or expired",
        params: enlaceParams,
        response: { 200: enlaceInfo, ...errors },
      },
    },
    async (request) => service.describe(visitorOf(request), request.params.token),
  );

  app.post(
    '/enlaces/:token',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['citas'],
        summary: "Does what a one-tap link says, once, without logging in: the patient will come (confirmar) or cancels (cancelar, within the clinic's notice to cancel); moving asks the patient to log in (400)",
        params: enlaceParams,
        response: { 200: enlaceResultado, ...errors },
      },
    },
    async (request) => service.use(visitorOf(request), request.params.token),
  );
};
