import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppointmentMailRows } from './appointment-mail-row.ts';
import { startRequestNoticeWorker } from './reminders.service.ts';

/**
 * No routes: starts the worker of the doctors' grouped request notices when the app is ready and
 * stops it when the app closes. `read` is the appointments' reader of what the e-mails show.
 */
export const remindersPlugin =
  (read: AppointmentMailRows): FastifyPluginAsyncZod =>
  async (app) => {
    let worker: ReturnType<typeof startRequestNoticeWorker> | undefined;
    app.addHook('onReady', async () => {
      worker = startRequestNoticeWorker(app, read);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  };
