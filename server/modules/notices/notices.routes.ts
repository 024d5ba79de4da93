import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { citaParams } from '../../../contracts/appointments.ts';
import { errorBody } from '../../../contracts/common.ts';
import { avisoCitaItem } from '../../../contracts/notices.ts';
import { callerOf } from '../../lib/request-context.ts';
import { startNoticeWorker, useNoticeLinks, type OneTapLinksOf } from './notices.service.ts';
import { closeSmsSender } from './notices.sms.ts';
import { visitNotices, type VisitOwners } from './visit-notices.service.ts';

/**
 * What was sent about a visit, and the notice worker (started when the app is ready, stopped,
 * waiting for its round, when it closes). `owners` is the appointments' reader of a visit's patient
 * and doctor, who with the desk and the administrators may see the list.
 */
export const noticesRoutes =
  (owners: VisitOwners, links?: (app: Parameters<FastifyPluginAsyncZod>[0]) => OneTapLinksOf): FastifyPluginAsyncZod =>
  async (app) => {
    if (links) useNoticeLinks(app, links(app));
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
  };
