import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import { misDatosSchema } from '../../../contracts/data-export.ts';
import { DOCUMENTS_PER_MINUTE, perUser, registerUserLimits } from '../../lib/user-limit.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createDataExportService } from './data-export.service.ts';

const denied = { 401: errorBody, 403: errorBody, 404: errorBody };

/** The patient's own data, whole, to take away. Only the patient: not staff. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDataExportService(app);
  await registerUserLimits(app);
  const documents = perUser(DOCUMENTS_PER_MINUTE, 60_000, 'demasiados_documentos');
  const download = { 'cache-control': 'private, no-store' };

  app.get(
    '/paciente/mis-datos',
    {
      config: { access: ['paciente'], rateLimit: documents },
      schema: {
        tags: ['paciente'],
        summary: 'Everything Galeno holds about me, as a JSON file to download',
        response: { 200: misDatosSchema, ...denied, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { data, fileName } = await service.exportJson(callerOf(request));
      void reply.headers({ ...download, 'content-disposition': `attachment; filename="${fileName}"` });
      return data;
    },
  );

  app.get(
    '/paciente/mis-datos.pdf',
    {
      config: { access: ['paciente'], rateLimit: documents },
      schema: {
        tags: ['paciente'],
        summary: 'Everything Galeno holds about me, as a PDF in my language',
        produces: ['application/pdf'],
        response: { 200: z.any().describe('A PDF document'), ...denied, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.exportPdf(callerOf(request));
      return reply
        .type('application/pdf')
        .headers({ ...download, 'content-disposition': `attachment; filename="${fileName}"` })
        .send(pdf);
    },
  );
};
