import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { doctorPerfilSchema, registroDoctorResponse, registroDoctorSchema } from '../../../contracts/doctors.ts';
import { errorBody } from '../../../contracts/common.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createDoctorsService } from './doctors.service.ts';

export const doctorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDoctorsService(app);

  app.post(
    '/registro-doctor',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['doctores'],
        summary: 'An admin registers a doctor (account and professional profile)',
        body: registroDoctorSchema,
        response: { 201: registroDoctorResponse, 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.register(callerOf(request), request.body)),
  );

  app.get(
    '/doctor/perfil',
    {
      config: { access: ['doctor'] },
      schema: {
        tags: ['doctores'],
        summary: 'The logged-in doctor’s profile (read-only)',
        response: { 200: doctorPerfilSchema, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => service.profile(callerOf(request)),
  );
};
