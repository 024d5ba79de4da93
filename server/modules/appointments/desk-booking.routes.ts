import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import {
  cancelarCitaRecepcionSchema,
  citaRecepcionCanceladaSchema,
  citaRecepcionItem,
  citaRecepcionParams,
  citaRecepcionSchema,
  citasPacienteRecepcionSchema,
  doctoresRecepcionQuery,
  doctorRecepcionItem,
  huecoLibreItem,
  huecosQuery,
  moverCitaRecepcionSchema,
  pacienteRecepcionParams,
} from '../../../contracts/desk-booking.ts';
import { callerOf } from '../../lib/request-context.ts';
import { deskStaff } from '../../lib/route-options.ts';
import { createDeskBookingService, type ClosedDay } from './desk-booking.service.ts';

const tags = ['recepcion'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The front desk books, moves and cancels visits for a patient on the phone or at the counter. */
export const deskBookingRoutes =
  (isClosedDay: ClosedDay): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDeskBookingService(app, isClosedDay);

    app.get(
      '/recepcion/doctores',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: 'The doctors the desk may book with, optionally of one specialty; specialty names in the request language',
          querystring: doctoresRecepcionQuery,
          response: { 200: z.array(doctorRecepcionItem), 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => service.doctors(callerOf(request), request.query.id_especialidad),
    );

    app.get(
      '/recepcion/huecos',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: "The next free times of a specialty's doctors (or one doctor's), soonest first across days",
          querystring: huecosQuery,
          response: { 200: z.array(huecoLibreItem), 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => service.firstFreeSlots(callerOf(request), request.query),
    );

    app.get(
      '/recepcion/pacientes/:id/citas',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: "Who is being booked (identity and contact) and their visits still to come; nothing clinical",
          params: pacienteRecepcionParams,
          response: { 200: citasPacienteRecepcionSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request) => service.patientVisits(callerOf(request), request.params.id),
    );

    app.post(
      '/recepcion/citas',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: 'Books a free time for a patient, confirmed at once; past a cap only with forzar_limite',
          body: citaRecepcionSchema,
          response: { 201: citaRecepcionItem, ...refusals },
        },
      },
      async (request, reply) => reply.status(201).send(await service.book(callerOf(request), request.body)),
    );

    app.post(
      '/recepcion/citas/:id/mover',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: 'Moves a visit to another free time, of its doctor or another of the same specialty, in one step',
          params: citaRecepcionParams,
          body: moverCitaRecepcionSchema,
          response: { 200: citaRecepcionItem, ...refusals },
        },
      },
      async (request) => service.move(callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/recepcion/citas/:id/cancelar',
      {
        config: deskStaff,
        schema: {
          tags,
          summary: 'Cancels a visit for the clinic with a reason the patient is told',
          params: citaRecepcionParams,
          body: cancelarCitaRecepcionSchema,
          response: { 200: citaRecepcionCanceladaSchema, ...refusals },
        },
      },
      async (request) => service.cancel(callerOf(request), request.params.id, request.body),
    );
  };
