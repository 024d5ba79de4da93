import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, errorBody } from '../../../contracts/common.ts';
import { archivoSchema, archivosQuerySchema, MAX_ARCHIVO_BYTES } from '../../../contracts/files.ts';
import { fail } from '../../lib/errors.ts';
import { callerOf } from '../../lib/request-context.ts';
import { requestLanguage } from '../../lib/language.ts';
import { createFilesService, type ReadUpload } from './files.service.ts';
import { createAttachmentStore } from './storage.ts';

const uploadDoc = {
  consumes: ['multipart/form-data'],
  description:
    'One file in the multipart field `archivo` (PDF, JPEG or PNG, recognised by its content; at most 10 MB). 413 cuota_adjuntos when the patient\'s attachments would pass their storage quota (ATTACHMENTS_MAX_MB_PER_PATIENT); 429 demasiadas_subidas past UPLOADS_MAX_PER_HOUR uploads of one user in an hour.',
};

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only for this module's routes; the file is bounded while it is read.
  await app.register(multipart, {
    limits: { fileSize: MAX_ARCHIVO_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  // Uploads a user may make in an hour, counted per account after authentication and
  // shared between instances through Redis when it is configured.
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: (request) => `subidas:${request.actor?.id_usuario ?? request.ip}`,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:uploads-user:` } : {}),
    errorResponseBuilder: (request, limit) =>
      fail(429, 'demasiadas_subidas', requestLanguage(request), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(limit.ttl / 1000))) },
      }),
  });
  const uploadLimit = { max: app.config.attachments.maxUploadsPerHour, timeWindow: 60 * 60 * 1000 };
  const service = createFilesService(app, createAttachmentStore(app.config.attachmentsDir));
  const readUpload =
    (request: FastifyRequest): ReadUpload =>
    async () => {
      const part = await request.file();
      if (!part) return undefined;
      return { filename: part.filename, bytes: await part.toBuffer() };
    };

  app.get(
    '/paciente/archivos',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['archivos'],
        summary: "The patient's own attachments",
        response: { 200: z.array(archivoSchema), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.listOwn(callerOf(request)),
  );

  app.post(
    '/paciente/archivos',
    {
      config: { access: ['paciente'], rateLimit: uploadLimit },
      schema: {
        tags: ['archivos'],
        summary: 'Upload an attachment to the own medical file',
        ...uploadDoc,
        response: { 201: archivoSchema, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.uploadOwn(callerOf(request), readUpload(request))),
  );

  app.get(
    '/archivos',
    {
      config: { access: ['doctor'] },
      schema: {
        tags: ['archivos'],
        summary: "A patient's attachments, for a doctor who attends them",
        querystring: archivosQuerySchema,
        response: { 200: z.array(archivoSchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.listForDoctor(callerOf(request), request.query.id_paciente),
  );

  app.post(
    '/archivos',
    {
      config: { access: ['doctor'], rateLimit: uploadLimit },
      schema: {
        tags: ['archivos'],
        summary: "Upload an attachment to a patient's file (a doctor who attends them)",
        ...uploadDoc,
        querystring: archivosQuerySchema,
        response: { 201: archivoSchema, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody, 429: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.uploadForDoctor(callerOf(request), request.query.id_paciente, readUpload(request))),
  );

  app.get(
    '/archivos/:id_archivo',
    {
      config: { access: ['paciente', 'doctor'] },
      schema: {
        tags: ['archivos'],
        summary: 'Download an attachment (its patient, or a doctor who attends them)',
        params: z.object({ id_archivo: idParam }),
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.any().describe('The file'), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const file = await service.download(callerOf(request), request.params.id_archivo);
      return reply
        .type(file.tipo)
        .header('content-length', file.tamano)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/archivos/:id_archivo',
    {
      config: { access: ['paciente', 'doctor'] },
      schema: {
        tags: ['archivos'],
        summary: 'Remove an attachment (only whoever uploaded it)',
        params: z.object({ id_archivo: idParam }),
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id_archivo);
      return reply.status(204).send(null);
    },
  );
};
