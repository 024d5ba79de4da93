import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cambioDiaSchema,
  diaClinicaSchema,
  diaQuery,
  salaEsperaSchema,
  sinCitaCreadaSchema,
  sinCitaSchema,
} from '../../../contracts/clinic-day.ts';
import { errorBody, idParam } from '../../../contracts/common.ts';
import { callerOf } from '../../lib/request-context.ts';
import { deskStaff, refusals } from '../../lib/route-options.ts';
import { createArrivalService } from './arrival.service.ts';
import { createDayBoardService } from './day-board.service.ts';

const changeAnswers = { 200: cambioDiaSchema, ...refusals, 404: errorBody, 409: errorBody };
const tags = ['recepcion'];
const params = z.object({ id: idParam });

/** A weak tag of what a polled answer says, leaving out the instant it was made. */
const versionOf = (answer: { ahora: string }) =>
  `W/"${createHash('sha1').update(JSON.stringify({ ...answer, ahora: '' })).digest('base64url')}"`;

/**
 * The clinic's day at the front desk ("Hoy en la clínica"): the board, check-in and its undo,
 * no-shows, walk-ins, a doctor's day on paper; and the doctor's waiting room with "Llamar".
 */
export const clinicDayRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = createDayBoardService(app);
  const arrival = createArrivalService(app);

  app.get(
    '/recepcion/hoy',
    {
      config: deskStaff,
      schema: {
        tags,
        summary:
          "Every doctor's confirmed visits of a day (today by default) by doctor and time: state, arrival, waiting minutes, patient's name and phone, reason; whether each doctor runs late. Revalidated with ETag",
        querystring: diaQuery,
        response: { 200: diaClinicaSchema, 304: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const answer = await board.board(callerOf(request), request.query);
      const etag = versionOf(answer);
      void reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return answer;
    },
  );

  app.post(
    '/recepcion/citas/:id/llegada',
    {
      config: deskStaff,
      schema: { tags, summary: "Checks in the patient of one of today's confirmed visits", params, response: changeAnswers },
    },
    async (request) => arrival.checkIn(callerOf(request), request.params.id),
  );

  app.post(
    '/recepcion/citas/:id/deshacer-llegada',
    {
      config: deskStaff,
      schema: { tags, summary: 'Undoes a mistaken check-in while the patient has not been called in', params, response: changeAnswers },
    },
    async (request) => arrival.undoCheckIn(callerOf(request), request.params.id),
  );

  app.post(
    '/recepcion/citas/:id/no-presentado',
    {
      config: deskStaff,
      schema: { tags, summary: 'Marks that the patient did not come, once the visit’s time has come', params, response: changeAnswers },
    },
    async (request) => arrival.markNoShow(callerOf(request), request.params.id),
  );

  app.post(
    '/recepcion/sin-cita',
    {
      config: deskStaff,
      schema: {
        tags,
        summary: "A walk-in, arrived at once: into the doctor's next free slot today (hueco) or as an extra visit (extra)",
        body: sinCitaSchema,
        response: { 201: sinCitaCreadaSchema, ...refusals, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await arrival.walkIn(callerOf(request), request.body)),
  );

  app.get(
    '/recepcion/hoy/:id_doctor/pdf',
    {
      config: { access: ['recepcion', 'admin', 'doctor'] },
      schema: {
        tags,
        summary: "One doctor's visits of a day as a PDF: time, patient, phone, reason, state (a doctor prints only their own)",
        params: z.object({ id_doctor: idParam }),
        querystring: diaQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('A PDF document'), ...refusals, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await board.dayListPdf(callerOf(request), request.params.id_doctor, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/medico/sala-espera',
    {
      config: { access: ['doctor'] },
      schema: {
        tags,
        summary: "The doctor's patients of today who have arrived (with minutes waited) or are in consultation",
        response: { 200: salaEsperaSchema, ...refusals },
      },
    },
    async (request) => board.waitingRoom(callerOf(request)),
  );

  app.post(
    '/doctor/citas/:id/llamar',
    {
      config: { access: ['doctor'] },
      schema: { tags, summary: 'The doctor calls one of their arrived patients in (en consulta)', params, response: changeAnswers },
    },
    async (request) => arrival.call(callerOf(request), request.params.id),
  );
};
