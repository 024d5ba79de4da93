import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citaParams } from '../../../contracts/appointments.ts';
import { errorBody } from '../../../contracts/common.ts';
import { avisoCitaItem, avisoDoctorItem, avisosPacienteCambioSchema, avisosPacienteSchema, planRecordatoriosSchema } from '../../../contracts/notices.ts';
import type { AppointmentMailRows } from '../reminders/index.ts';
import { createReminderPlanService, type PatientPhone } from './reminder-plan.service.ts';
import { callerOf } from '../../lib/request-context.ts';
import { startNoticeWorker, useNoticeLinks, useVisitReader, type OneTapLinksOf } from './notices.service.ts';
import { closeSmsSender } from './notices.sms.ts';
import { doctorNotices, visitNotices, type VisitOwners } from './visit-notices.service.ts';

/** What the notices need from the modules that own visits and accounts. */
export interface NoticeSources {
  /** A visit's patient and doctor, who with the desk and the administrators may see its notices. */
  owners: VisitOwners;
  /** The visits as the messages show them (reminders read them again when they go). */
  read: AppointmentMailRows;
  /** A patient's phone number, for their SMS switch. */
  phoneOf: PatientPhone;
  /** A visit's one-tap links. */
  links?: (app: Parameters<FastifyPluginAsyncZod>[0]) => OneTapLinksOf;
}

/**
 * What was sent about a visit, the clinic's reminder plan, the patient's switches, and the notice
 * worker (started when the app is ready, stopped, waiting for its round, when it closes).
 */
export const noticesRoutes =
  ({ owners, read, phoneOf, links }: NoticeSources): FastifyPluginAsyncZod =>
  async (app) => {
    if (links) useNoticeLinks(app, links(app));
    useVisitReader(app, read);
    const plans = createReminderPlanService(app, phoneOf);
    let worker: ReturnType<typeof startNoticeWorker> | undefined;
    app.addHook('onReady', async () => {
      worker = startNoticeWorker(app);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
      await closeSmsSender(app);
    });

    app.get(
      '/citas/:id_cita/avisos',
      {
        config: { access: ['paciente', 'doctor', 'admin', 'recepcion'] },
        schema: {
          tags: ['citas'],
          summary: "The messages about a visit: to whom, by which channel, of what kind, when, and whether sent, delivered, failed or answered; for the visit's patient and doctor, the desk and administrators",
          params: citaParams,
          response: { 200: z.array(avisoCitaItem), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request) => visitNotices(app, owners, callerOf(request), request.params.id_cita),
    );

    app.get(
      '/medico/avisos',
      {
        config: { access: ['doctor'] },
        schema: {
          tags: ['citas'],
          summary: "What the calling doctor was told of in the last week: a patient cancelled or moved a visit, or left the clinic",
          response: { 200: z.array(avisoDoctorItem), 401: errorBody, 403: errorBody },
        },
      },
      async (request) => doctorNotices(app, callerOf(request)),
    );

    app.get(
      '/clinica/recordatorios',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['clinica'],
          summary: "The clinic's reminder plan: up to three reminders a visit, each a channel (e-mail or SMS) and how many hours before",
          response: { 200: planRecordatoriosSchema, 401: errorBody, 403: errorBody },
        },
      },
      async () => plans.plan(),
    );

    app.put(
      '/clinica/recordatorios',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['clinica'],
          summary: 'Replace the reminder plan (it applies to visits booked or changed from then on); an empty list sends no reminders',
          body: planRecordatoriosSchema,
          response: { 200: planRecordatoriosSchema, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => plans.setPlan(callerOf(request), request.body),
    );

    app.get(
      '/mi-cuenta/avisos',
      {
        config: { access: ['paciente'] },
        schema: {
          tags: ['cuenta'],
          summary: "The patient's own switches: reminder e-mails, and every SMS; the number SMS go to and whether it answered BAJA",
          response: { 200: avisosPacienteSchema, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => plans.switches(callerOf(request)),
    );

    app.put(
      '/mi-cuenta/avisos',
      {
        config: { access: ['paciente'] },
        schema: {
          tags: ['cuenta'],
          summary: "Turn the patient's reminder e-mails, or all their SMS, on or off (messages about a change of a visit always go by e-mail)",
          body: avisosPacienteCambioSchema,
          response: { 200: avisosPacienteSchema, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => plans.setSwitches(callerOf(request), request.body),
    );
  };
