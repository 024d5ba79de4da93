import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam } from '../../../contracts/common.ts';
import { accesoUrgenteInput, accesoUrgenteSchema, historiaSchema, NOMBRES_SECCION, SECCIONES } from '../../../contracts/records.ts';
import { callerOf } from '../../lib/request-context.ts';
import { doctorOnly } from '../../lib/route-options.ts';
import { createRecordsService } from './records.service.ts';

const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['records'];

/**
 * A patient's record as their doctor opens it: GET /api/pacientes/{id}/historia, and adding or
 * correcting allergies, diseases, disabilities, habits and vaccines under /api/pacientes/{id}/<sección>.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRecordsService(app);

  app.get(
    '/pacientes/:id/historia',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: "A treated patient's record: file sections, consultations and appointments",
        params: z.object({ id: idParam }),
        response: { 200: historiaSchema, ...refusals },
      },
    },
    async (request) => service.open(callerOf(request), request.params.id),
  );

  app.post(
    '/pacientes/:id/acceso-urgente',
    {
      config: doctorOnly,
      schema: {
        tags,
        summary: "Break the glass: states the reason to open the record of a patient the doctor does not treat (audited, shown to the patient)",
        params: z.object({ id: idParam }),
        body: accesoUrgenteInput,
        response: { 201: accesoUrgenteSchema, ...refusals },
      },
    },
    async (request, reply) => reply.status(201).send(await service.declareEmergency(callerOf(request), request.params.id, request.body)),
  );

  for (const section of NOMBRES_SECCION) {
    const { input, output } = SECCIONES[section];
    app.post(
      `/pacientes/:id/${section}`,
      {
        config: doctorOnly,
        schema: {
          tags,
          summary: `Adds to a treated patient's ${section}`,
          params: z.object({ id: idParam }),
          body: input,
          response: { 201: output, ...refusals },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.add(callerOf(request), request.params.id, section, request.body as Record<string, unknown>)),
    );
    app.put(
      `/pacientes/:id/${section}/:id_entrada`,
      {
        config: doctorOnly,
        schema: {
          tags,
          summary: `Corrects an entry of a treated patient's ${section}`,
          params: z.object({ id: idParam, id_entrada: idParam }),
          body: input,
          response: { 200: output, ...refusals },
        },
      },
      async (request) =>
        service.correct(callerOf(request), request.params.id, section, request.params.id_entrada, request.body as Record<string, unknown>),
    );
  }
};
