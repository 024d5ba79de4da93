import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relojSchema } from '../../../contracts/clinic.ts';
import { errorBody } from '../../../contracts/common.ts';
import { checkDatabase } from '../../db/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail, messageOf } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { readiness } from './readiness.ts';

const componentState = z.enum(['ok', 'sin_respuesta']);
const readySchema = z.object({
  estado: z.literal('ok'),
  base_de_datos: z.literal('ok'),
  redis: z.enum(['ok', 'no_configurado']),
});
const notReadySchema = z
  .object({
    detail: z.string().describe('What does not answer, in the caller’s language'),
    code: z.literal('no_preparado'),
    base_de_datos: componentState,
    redis: z.enum(['ok', 'sin_respuesta', 'no_configurado']),
  })
  .describe('Not ready: the fields say which dependency did not answer');

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check (kept for existing probes; prefer /api/health/ready)',
        response: {
          200: z.object({ estado: z.literal('ok'), base_de_datos: z.enum(['sqlite', 'postgres']) }),
          503: errorBody.describe('The database does not answer'),
        },
      },
    },
    async (request) => {
      try {
        await checkDatabase(app.database);
      } catch (error) {
        app.log.error({ err: error }, 'database check failed');
        throw fail(503, 'servicio_no_disponible', requestLanguage(request), { message: 'base_de_datos_no_responde' });
      }
      return { estado: 'ok' as const, base_de_datos: app.database.dialect };
    },
  );

  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (it reads nothing; a restart is the only cure for a failure here)',
        response: { 200: z.object({ estado: z.literal('ok') }) },
      },
    },
    async () => ({ estado: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and, where configured, Redis answer; 503 says which does not',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      const state = await readiness(app);
      if (state.base_de_datos === 'ok' && state.redis !== 'sin_respuesta') {
        return { estado: 'ok' as const, base_de_datos: 'ok' as const, redis: state.redis };
      }
      const language = requestLanguage(request);
      const failing = [
        ...(state.base_de_datos === 'ok' ? [] : [messageOf('base_de_datos_no_responde', language)]),
        ...(state.redis === 'sin_respuesta' ? [messageOf('redis_no_responde', language)] : []),
      ];
      app.log.warn({ ...state }, 'not ready');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ detail: failing.join(' '), code: 'no_preparado' as const, ...state });
    },
  );

  app.get(
    '/reloj',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: "The clinic's clock: its time zone, today's date and the time there",
        response: { 200: relojSchema },
      },
    },
    async () => {
      const now = app.clock.now();
      const zona_horaria = app.config.timeZone;
      return { zona_horaria, fecha: localDate(now, zona_horaria), hora: localTime(now, zona_horaria), ahora: now.toISOString() };
    },
  );
};
