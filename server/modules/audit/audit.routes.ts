import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCIONES_AUDITORIA, accesoHistoriaSchema, auditoriaQuery, entradaAuditoriaSchema } from '../../../contracts/audit.ts';
import { errorBody, pagingQuery } from '../../../contracts/common.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createAuditService } from './audit.service.ts';
import { sendPage } from '../../lib/paging.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditService(app);
  app.get(
    '/auditoria',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit'],
        summary: 'Audit log of clinical-data access and account changes (filters, paged; total in X-Total-Count)',
        querystring: auditoriaQuery,
        response: { 200: z.array(entradaAuditoriaSchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.list(callerOf(request), request.query));
    },
  );

  app.get(
    '/auditoria/acciones',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit'],
        summary: 'Every action the audit log can hold (the action filter), sorted by code',
        response: { 200: z.array(z.string()), 401: errorBody, 403: errorBody },
      },
    },
    // The fixed list, not a DISTINCT over the whole log: it cannot miss an action and costs nothing.
    async () => [...ACCIONES_AUDITORIA],
  );

  app.get(
    '/paciente/accesos',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['audit'],
        summary: 'Who opened my record and when (paged; total in X-Total-Count)',
        querystring: pagingQuery.pick({ pagina: true, por_pagina: true }),
        response: { 200: z.array(accesoHistoriaSchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.recordAccesses(callerOf(request), request.query));
    },
  );
};
