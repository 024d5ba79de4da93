import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppointmentMailRows } from './appointment-mail-row.ts';
import { startReminderWorker, useOneTapLinks, type OneTapLinksOf } from './reminders.service.ts';

/**
 * No routes: starts the reminder worker when the app is ready and stops it when the app closes.
 * `read` is the appointments' reader of what the e-mails show; `links`, their maker of a visit's one-tap links.
 */
export const remindersPlugin =
  (read: AppointmentMailRows, links?: (app: Parameters<FastifyPluginAsyncZod>[0]) => OneTapLinksOf): FastifyPluginAsyncZod =>
  async (app) => {
    if (links) useOneTapLinks(app, links(app));
    let worker: ReturnType<typeof startReminderWorker> | undefined;
    app.addHook('onReady', async () => {
      worker = startReminderWorker(app, read);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  };
