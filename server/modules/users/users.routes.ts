import { ROLES } from '../../../contracts/roles.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sesionesCerradasSchema } from '../../../contracts/sessions.ts';
import { APPROXIMATE_TOTAL_HEADER, errorBody, idParam, SEARCH_COUNT_LIMIT } from '../../../contracts/common.ts';
import {
  cambioRolSchema,
  idiomaCuentaSchema,
  miCuentaSchema,
  pacienteListaSchema,
  pacientesQuery,
  registroRecepcionResponse,
  registroRecepcionSchema,
  usuarioListaSchema,
  usuariosQuery,
} from '../../../contracts/users.ts';
import { callerOf } from '../../lib/request-context.ts';
import { sendPage } from '../../lib/paging.ts';
import { createUsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService(app);

  app.get(
    '/usuarios',
    {
      // Doctors get patient accounts only, for their consultation screen.
      config: { access: ['admin', 'doctor'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Active accounts: search (name, surnames, username, e-mail), role filter and paging',
        querystring: usuariosQuery,
        response: {
          200: z.array(usuarioListaSchema).describe('One page; the total is in X-Total-Count'),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) =>
      sendPage(request, reply, await service.listUsers(callerOf(request), request.query)),
  );

  app.post(
    '/registro-recepcion',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['usuarios'],
        summary: 'An admin opens a front-desk (recepcion) account',
        body: registroRecepcionSchema,
        response: { 201: registroRecepcionResponse, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.registerReception(callerOf(request), request.body)),
  );

  app.put(
    '/usuarios/:id/rol',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Changes a role; to doctor needs numero_colegiado and id_especialidad',
        params: z.object({ id: idParam }),
        body: cambioRolSchema,
        response: { 200: usuarioListaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.changeRole(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/usuarios/:id/cerrar-sesiones',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Ends every session of an account (its devices must log in again)',
        params: z.object({ id: idParam }),
        response: { 200: sesionesCerradasSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.endSessions(callerOf(request), request.params.id),
  );

  app.delete(
    '/usuarios/:id',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Deletes an account: access ends, records are kept',
        params: z.object({ id: idParam }),
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await service.deleteUser(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/pacientes',
    {
      config: { access: ['doctor', 'admin'] },
      schema: {
        tags: ['usuarios'],
        summary: 'Active patients: search and paging, in name order',
        description:
          `The total is in X-Total-Count. A search counts up to ${SEARCH_COUNT_LIMIT} matches (or to the end of the ` +
          `page asked for, if further): past that, X-Total-Count is that many and ${APPROXIMATE_TOTAL_HEADER}: true ` +
          'says there are more (further pages can still be asked for).',
        querystring: pacientesQuery,
        response: {
          200: z.array(pacienteListaSchema).describe(`One page; the total is in X-Total-Count (a lower bound when ${APPROXIMATE_TOTAL_HEADER}: true)`),
          400: errorBody,
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async (request, reply) => sendPage(request, reply, await service.listPatients(callerOf(request), request.query)),
  );

  app.get(
    '/mi-cuenta',
    {
      config: { access: ROLES },
      schema: { tags: ['usuarios'], summary: 'The caller’s own account', response: { 200: miCuentaSchema, 401: errorBody } },
    },
    async (request) => service.account(callerOf(request)),
  );

  app.put(
    '/mi-cuenta/idioma',
    {
      config: { access: ROLES },
      schema: {
        tags: ['usuarios'],
        summary: 'The caller’s own language (es, ca, en): their e-mails and reminders are written in it',
        body: idiomaCuentaSchema,
        response: { 200: miCuentaSchema, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => service.setLanguage(callerOf(request), request.body),
  );
};
