import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citaCreadaSchema } from '../../../contracts/appointments.ts';
import { errorBody } from '../../../contracts/common.ts';
import {
  aceptarOfertaSchema,
  entradaEsperaItem,
  entradaEsperaParams,
  nuevaEntradaEsperaSchema,
  ofertaEsperaParams,
  ofertaEsperaSchema,
} from '../../../contracts/waitlist.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createWaitlistService } from './waitlist.service.ts';
import { nudgeWaitlist, startWaitlistWorker } from './waitlist.sweep.ts';

const patients = { access: ['paciente'] } as const;

/** The patient's waitlist and the offers of freed slots. */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWaitlistService(app);
  // A slot freed anywhere (a cancellation, a rejection, a move) is offered now, not at the next round.
  app.events.on('slotFreed', ({ id_doctor }) => nudgeWaitlist(app, id_doctor));

  // The sweep worker lives with the routes: started when the app is ready, stopped when it closes.
  let worker: ReturnType<typeof startWaitlistWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startWaitlistWorker(app);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });

  app.get(
    '/lista-espera',
    {
      config: patients,
      schema: {
        tags: ['lista de espera'],
        summary: "The patient's waitlist entries: the active ones, then those ended in the last 30 days",
        response: { 200: z.array(entradaEsperaItem), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.list(callerOf(request)),
  );

  app.post(
    '/lista-espera',
    {
      config: patients,
      schema: {
        tags: ['lista de espera'],
        summary: 'Joins the waitlist of a doctor or a specialty for a range of dates (up to 90 days) and a part of the day',
        body: nuevaEntradaEsperaSchema,
        response: { 201: entradaEsperaItem, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.join(callerOf(request), request.body)),
  );

  app.delete(
    '/lista-espera/:id_entrada',
    {
      config: patients,
      schema: {
        tags: ['lista de espera'],
        summary: 'The patient leaves one of their waitlist entries; its open offers pass to the next in line',
        params: entradaEsperaParams,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await service.leave(callerOf(request), request.params.id_entrada);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/lista-espera/ofertas/:token',
    {
      config: patients,
      schema: {
        tags: ['lista de espera'],
        summary: "A freed slot offered to the patient by e-mail (the link's token): doctor, date, time and whether it can still be claimed",
        params: ofertaEsperaParams,
        response: { 200: ofertaEsperaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.offer(callerOf(request), request.params.token),
  );

  app.post(
    '/lista-espera/ofertas/:token/aceptar',
    {
      config: patients,
      schema: {
        tags: ['lista de espera'],
        summary: 'Claims an offered slot: booked as POST /api/citas books (pending until the doctor answers); the first claim wins, later ones get 409',
        params: ofertaEsperaParams,
        body: aceptarOfertaSchema,
        response: { 201: citaCreadaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.claim(callerOf(request), request.params.token, request.body)),
  );
};
