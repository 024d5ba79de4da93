import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../contracts/common.ts';
import {
  altaRecepcionRespuestaSchema,
  altaRecepcionSchema,
  fichaRecepcionSchema,
  invitacionRespuestaSchema,
  pacienteRecepcionSchema,
  pacientesRecepcionQuery,
  posibleDuplicadoSchema,
} from '../../../contracts/desk-patients.ts';
import { apiMessage } from '../../../contracts/messages/index.ts';
import { sendPage } from '../../lib/paging.ts';
import { callerOf } from '../../lib/request-context.ts';
import { perUser, registerUserLimits } from '../../lib/user-limit.ts';
import { createDeskService } from './desk.service.ts';

const DESK = ['recepcion', 'admin'] as const;
const denied = { 401: errorBody, 403: errorBody };
const idParams = z.object({ id: idParam });

/** Invitations one member of the desk may resend in an hour. */
export const RESENDS_PER_HOUR = 20;

export const deskPatientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDeskService(app);
  await registerUserLimits(app);

  app.get(
    '/recepcion/pacientes',
    {
      config: { access: [...DESK], rateLimit: perUser(app.config.desk.searchesPerMinute, 60_000, 'demasiadas_solicitudes') },
      schema: {
        tags: ['recepcion'],
        summary: 'Find patients by name, surnames, DNI/NIE, phone, e-mail or birth date (prefix, as typed); identity and contact only',
        querystring: pacientesRecepcionQuery,
        response: { 200: z.array(pacienteRecepcionSchema).describe('One page; the total is in X-Total-Count'), 400: errorBody, ...denied, 429: errorBody },
      },
    },
    async (request, reply) => sendPage(request, reply, await service.search(callerOf(request), request.query)),
  );

  app.get(
    '/recepcion/pacientes/:id',
    {
      config: { access: [...DESK] },
      schema: {
        tags: ['recepcion'],
        summary: "A patient's card for the desk: contact, visits, waitlist and notices sent (never the clinical record); audited",
        params: idParams,
        response: { 200: fichaRecepcionSchema, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) => service.card(callerOf(request), request.params.id),
  );

  app.post(
    '/recepcion/pacientes',
    {
      config: { access: [...DESK], rateLimit: perUser(app.config.desk.registrationsPerHour, 3_600_000, 'demasiadas_altas') },
      schema: {
        tags: ['recepcion'],
        summary: 'Register a caller as a patient without a password; 409 posible_duplicado lists likely duplicates unless confirmar_duplicado',
        body: altaRecepcionSchema,
        response: { 201: altaRecepcionRespuestaSchema, 400: errorBody, ...denied, 409: posibleDuplicadoSchema.or(errorBody), 429: errorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const result = await service.register(caller, request.body);
      if ('duplicates' in result) {
        return reply.code(409).send({
          detail: apiMessage('posible_duplicado', caller.language) ?? '',
          code: 'posible_duplicado',
          candidatos: result.duplicates,
        });
      }
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/recepcion/pacientes/:id/invitacion',
    {
      config: { access: [...DESK], rateLimit: perUser(RESENDS_PER_HOUR, 3_600_000, 'demasiadas_invitaciones_envio') },
      schema: {
        tags: ['recepcion'],
        summary: 'Send the patient a new invitation to create their password (single use, 7 days)',
        params: idParams,
        response: { 200: invitacionRespuestaSchema, 400: errorBody, ...denied, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.resendInvitation(callerOf(request), request.params.id),
  );
};
