import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDatabase } from '../../db/index.ts';
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
};
