import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clinicaCambioSchema, clinicaSchema, MAX_LOGO_BYTES } from '../../../contracts/clinic.ts';
import { errorBody } from '../../../contracts/common.ts';
import { fail } from '../../lib/errors.ts';
import { callerOf, visitorOf } from '../../lib/request-context.ts';
import { createClinicService, type ReadLogoUpload } from './clinic.service.ts';

const tags = ['clinica'];

/** The clinic's identity: read by everyone, changed by admins on the 'Clínica' screen. */
export const clinicRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only for this module's routes; the logo is bounded while it is read.
  await app.register(multipart, {
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  const service = createClinicService(app);
  const readUpload =
    (request: FastifyRequest): ReadLogoUpload =>
    async () => {
      const part = await request.file();
      return part ? { bytes: await part.toBuffer() } : undefined;
    };

  app.get(
    '/clinica',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The clinic's public identity: name, legal name, address, phone, e-mail, opening hours and logo (no personal data; revalidated with ETag)",
        response: { 200: clinicaSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const clinica = await service.get();
      const etag = `"${clinica.actualizado_en}"`;
      void reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return clinica;
    },
  );

  app.put(
    '/clinica',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: "Change the clinic's identity (everything but the logo)",
        body: clinicaCambioSchema,
        response: { 200: clinicaSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.update(callerOf(request), request.body),
  );

  app.get(
    '/clinica/logo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The clinic's logo (PNG or JPEG); 404 when there is none. Its address in GET /api/clinica changes with the image",
        querystring: z.object({ v: z.string().max(64).optional() }),
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.any().describe('The image'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const logo = await service.logo();
      if (!logo) throw fail(404, 'no_encontrado', visitorOf(request).language);
      const versioned = request.query.v !== undefined && logo.logo_hash.startsWith(request.query.v) && request.query.v.length > 0;
      return reply
        .type(logo.logo_tipo)
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(logo.logo_base64, 'base64'));
    },
  );

  app.post(
    '/clinica/logo',
    {
      config: { access: ['admin'] },
      schema: {
        tags,
        summary: "Replace the clinic's logo",
        consumes: ['multipart/form-data'],
        description: 'One image in the multipart field `archivo`: PNG or JPEG, recognised by its content, at most 512 KB.',
        response: { 200: clinicaSchema, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody },
      },
    },
    async (request) => service.uploadLogo(callerOf(request), readUpload(request)),
  );

  app.delete(
    '/clinica/logo',
    {
      config: { access: ['admin'] },
      schema: { tags, summary: "Remove the clinic's logo", response: { 200: clinicaSchema, 401: errorBody, 403: errorBody } },
    },
    async (request) => service.removeLogo(callerOf(request)),
  );
};
