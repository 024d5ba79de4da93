import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { relojSchema } from '../../../contracts/clinic.ts';
import { checkDatabase } from '../../db/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ estado: z.literal('ok'), base_de_datos: z.enum(['sqlite', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await checkDatabase(app.database);
      } catch (error) {
        app.log.error({ err: error }, 'database check failed');
        throw new AppError(503, 'servicio_no_disponible', 'La base de datos no responde.');
      }
      return { estado: 'ok' as const, base_de_datos: app.database.dialect };
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
