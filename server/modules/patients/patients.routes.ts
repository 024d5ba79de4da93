import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import {
  historialEstadisticasSchema,
  historyFiltersSchema,
  historialItemSchema,
  historialQuerySchema,
} from '../../../contracts/history.ts';
import {
  alergiaSchema,
  discapacidadSchema,
  enfermedadSchema,
  fichaMedicaSchema,
  habitoSchema,
  ultimaConsultaSchema,
  vacunaSchema,
} from '../../../contracts/clinical-file.ts';
import { perfilPacienteSchema, perfilPacienteUpdateSchema, resumenClinicoSchema } from '../../../contracts/patient.ts';
import { DOCUMENTS_PER_MINUTE, perUser, registerUserLimits } from '../../lib/user-limit.ts';
import { sendPage } from '../../lib/paging.ts';
import { callerOf } from '../../lib/request-context.ts';
import { createPatientsService, type FileSection } from './patients.service.ts';

const denied = { 401: errorBody, 403: errorBody };

/** Profile saves one patient may make in an hour. */
export const PROFILE_CHANGES_PER_HOUR = 20;

export const patientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPatientsService(app);
  await registerUserLimits(app);
  const historyDocuments = perUser(DOCUMENTS_PER_MINUTE, 60_000, 'demasiados_documentos');
  // Each save may test a DNI/NIE against the clinic's patients: not a thousand an hour.
  const profileChanges = perUser(PROFILE_CHANGES_PER_HOUR, 60 * 60 * 1000, 'demasiados_cambios_perfil');

  app.get(
    '/paciente/perfil',
    {
      config: { access: ['paciente'] },
      schema: { tags: ['paciente'], summary: "The patient's own profile", response: { 200: perfilPacienteSchema, ...denied, 404: errorBody } },
    },
    async (request) => service.getProfile(callerOf(request)),
  );

  app.put(
    '/paciente/perfil',
    {
      config: { access: ['paciente'], rateLimit: profileChanges },
      schema: {
        tags: ['paciente'],
        summary: 'Update the own profile (flat fields; absent optional fields are cleared; the e-mail is read-only)',
        body: perfilPacienteUpdateSchema,
        response: { 200: perfilPacienteSchema, 400: errorBody, ...denied, 404: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.updateProfile(callerOf(request), request.body),
  );

  const sections: { section: FileSection; schema: z.ZodType; summary: string }[] = [
    { section: 'alergias', schema: alergiaSchema, summary: 'Allergies' },
    { section: 'enfermedades', schema: enfermedadSchema, summary: 'Diseases' },
    { section: 'discapacidades', schema: discapacidadSchema, summary: 'Disabilities' },
    { section: 'habitos', schema: habitoSchema, summary: 'Habits' },
    { section: 'vacunas', schema: vacunaSchema, summary: 'Vaccines' },
  ];
  for (const { section, schema, summary } of sections) {
    app.get(
      `/paciente/${section}`,
      {
        config: { access: ['paciente'] },
        schema: { tags: ['paciente'], summary: `${summary} of the own medical file`, response: { 200: z.array(schema), ...denied } },
      },
      async (request) => service.readSection(callerOf(request), section),
    );
  }

  app.get(
    '/paciente/ultima-consulta',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['paciente'],
        summary: 'The last finished consultation (null when there is none)',
        response: { 200: ultimaConsultaSchema.nullable(), ...denied },
      },
    },
    async (request) => service.lastConsultation(callerOf(request)),
  );

  app.get(
    '/paciente/ficha',
    {
      config: { access: ['paciente'] },
      schema: { tags: ['paciente'], summary: 'The whole own medical file at once', response: { 200: fichaMedicaSchema, ...denied } },
    },
    async (request) => service.medicalFile(callerOf(request)),
  );

  app.get(
    '/paciente/resumen',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['paciente'],
        summary: 'One-page clinical summary: allergies, active diseases, vaccines, last consultation, next appointment',
        response: { 200: resumenClinicoSchema, ...denied, 404: errorBody },
      },
    },
    async (request) => service.clinicalSummary(callerOf(request)),
  );

  app.get(
    '/paciente/historial',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['historial'],
        summary: "The patient's own history, newest first (filters: tipo, fecha; total in X-Total-Count)",
        querystring: historialQuerySchema,
        response: { 200: z.array(historialItemSchema), 400: errorBody, ...denied },
      },
    },
    async (request, reply) => sendPage(request, reply, await service.patientHistory(callerOf(request), request.query)),
  );

  app.get(
    '/paciente/historial/estadisticas',
    {
      config: { access: ['paciente'] },
      schema: {
        tags: ['historial'],
        summary: 'Total, last consultation and most frequent type of the (filtered) history',
        querystring: historyFiltersSchema,
        response: { 200: historialEstadisticasSchema, 400: errorBody, ...denied },
      },
    },
    async (request) => service.patientHistoryStats(callerOf(request), request.query),
  );

  app.get(
    '/paciente/historial.pdf',
    {
      config: { access: ['paciente'], rateLimit: historyDocuments },
      schema: {
        tags: ['historial'],
        summary: "The (filtered) history as a PDF with the patient's name and the clinic's details",
        querystring: historyFiltersSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('A PDF document'), 400: errorBody, ...denied, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await service.historyPdf(callerOf(request), request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/usuarios/historial',
    {
      config: { access: ['paciente', 'doctor'] },
      schema: {
        tags: ['historial'],
        summary: "History records: a patient's own, or a doctor's consultations (total in X-Total-Count)",
        querystring: historialQuerySchema,
        response: { 200: z.array(historialItemSchema), 400: errorBody, ...denied },
      },
    },
    async (request, reply) => sendPage(request, reply, await service.userHistory(callerOf(request), request.query)),
  );
};
