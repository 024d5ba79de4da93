import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startReminderWorker } from './reminders.service.ts';

/** No routes: starts the reminder worker when the app is ready and stops it when the app closes. */
export const remindersPlugin: FastifyPluginAsyncZod = async (app) => {
  let worker: ReturnType<typeof startReminderWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startReminderWorker(app);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
};
