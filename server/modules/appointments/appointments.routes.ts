import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disputaNoPresentadoInput,
  disputaNoPresentadoSchema,
  cambioCitaSchema,
  citaCambiadaSchema,
  citaCanceladaSchema,
  citaCreadaSchema,
  citaParams,
  disponibilidadItem,
  disponibilidadParams,
  disponibilidadQuery,
  doctorCitaItem,
  doctoresQuery,
  miCitaItem,
  misCitasQuery,
  nuevaCitaSchema,
} from '../../../contracts/appointments.ts';
import { errorBody } from '../../../contracts/common.ts';
import { misReglasSchema } from '../../../contracts/booking-rules.ts';
import { tipoReservableItem, tiposReservablesParams } from '../../../contracts/visit-types.ts';
import { callerOf } from '../../lib/request-context.ts';
import { perUser, registerUserLimits } from '../../lib/user-limit.ts';
import { createAttendanceService } from './attendance.service.ts';
import { createNoShowDisputes } from './no-show-disputes.ts';
import { createBookingService } from './booking.service.ts';
import { sendPage } from '../../lib/paging.ts';

const patients = { access: ['paciente'] } as const;

/**
 * Moves, and cancellations, one patient may make in an hour (each counted apart). Each e-mails
 * someone else (a move, the doctor; a freed slot, the patients waiting for one): booking and
 * cancelling one slot in a loop would otherwise send them a thousand e-mails.
 */
export const APPOINTMENT_CHANGES_PER_HOUR = 10;

export const appointmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBookingService(app);
  const attendance = createAttendanceService(app);
  const disputes = createNoShowDisputes(app);
  await registerUserLimits(app);
  const appointmentChanges = perUser(APPOINTMENT_CHANGES_PER_HOUR, 60 * 60 * 1000, 'demasiados_cambios_cita');

  app.get(
    '/citas/doctores',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: 'Doctors a patient can book with (optionally of one specialty), specialty names in the request language',
        querystring: doctoresQuery,
        response: { 200: z.array(doctorCitaItem), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.listDoctors(callerOf(request), request.query.especialidad),
  );

  app.get(
    '/citas/agenda-disponible/:doctorId',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: "A doctor's slots for `dias` days from `desde` (today): Disponible, Reservado or Bloqueado; the caller's own visits carry `mia`",
        params: disponibilidadParams,
        querystring: disponibilidadQuery,
        response: { 200: z.array(disponibilidadItem), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.availability(callerOf(request), request.params.doctorId, request.query),
  );

  app.get(
    '/citas/tipos-visita/:doctorId',
    {
      config: { access: ['paciente', 'doctor', 'recepcion', 'admin'] },
      schema: {
        tags: ['citas'],
        summary: 'The visit types the caller may book with a doctor, with the length that doctor gives each (patients: those open to them online)',
        params: tiposReservablesParams,
        response: { 200: z.array(tipoReservableItem), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.visitTypes(callerOf(request), request.params.doctorId),
  );

  app.post(
    '/citas',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: 'Books a free slot for the patient in the token; the appointment is pending until the doctor answers',
        body: nuevaCitaSchema,
        response: {
          201: citaCreadaSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await service.book(callerOf(request), request.body)),
  );

  app.get(
    '/citas/reglas',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: "The clinic's booking rules as they apply to the calling patient now: the last bookable day, their no-shows of the last 12 months and whether they may hold only one pending request",
        response: { 200: misReglasSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.myRules(callerOf(request)),
  );

  app.get(
    '/citas/mias',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: "The patient's upcoming or past appointments, or the cancelled and rejected ones (paged; total in X-Total-Count)",
        querystring: misCitasQuery,
        response: { 200: z.array(miCitaItem), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.myAppointments(callerOf(request), request.query));
    },
  );

  app.put(
    '/citas/:id_cita/cancelar',
    {
      config: { ...patients, rateLimit: appointmentChanges },
      schema: {
        tags: ['citas'],
        summary: "The patient cancels an upcoming appointment of theirs; its slot is free again and its reminder stops",
        params: citaParams,
        response: { 200: citaCanceladaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.cancel(callerOf(request), request.params.id_cita),
  );

  app.put(
    '/citas/:id_cita/cambiar',
    {
      config: { ...patients, rateLimit: appointmentChanges },
      schema: {
        tags: ['citas'],
        summary: 'The patient moves an upcoming appointment of theirs to another free slot of the same doctor, in one step; it waits for the doctor again',
        params: citaParams,
        body: cambioCitaSchema,
        response: { 200: citaCambiadaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.reschedule(callerOf(request), request.params.id_cita, request.body),
  );

  app.put(
    '/citas/:id_cita/no-presentado',
    {
      config: { access: ['doctor'] },
      schema: {
        tags: ['citas'],
        summary: "The visit's doctor records that the patient did not come, once its time has passed (a confirmed visit, once)",
        params: citaParams,
        response: {
          200: z.object({ id_cita: z.number(), asistencia: z.literal('No presentado') }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => attendance.markNoShow(callerOf(request), request.params.id_cita),
  );

  app.post(
    '/citas/:id_cita/disputa',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary:
          "The patient disputes a no-show of a visit booked on its own day, with a short reason (once; audited); a disputed one no longer counts towards the booking restriction",
        params: citaParams,
        body: disputaNoPresentadoInput,
        response: { 201: disputaNoPresentadoSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await disputes.dispute(callerOf(request), request.params.id_cita, request.body)),
  );

  app.get(
    '/citas/:id_cita/ics',
    {
      config: patients,
      schema: {
        tags: ['citas'],
        summary: "One of the patient's own visits as an iCalendar file (add to calendar)",
        params: citaParams,
        produces: ['text/calendar'],
        response: { 200: z.any().describe('An iCalendar file'), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const ics = await service.calendarFile(callerOf(request), request.params.id_cita);
      return reply
        .type('text/calendar; charset=utf-8')
        .headers({ 'cache-control': 'no-store', 'content-disposition': `attachment; filename="cita-${request.params.id_cita}.ics"` })
        .send(Buffer.from(ics, 'utf8'));
    },
  );
};
