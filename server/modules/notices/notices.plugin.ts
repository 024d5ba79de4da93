import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startNoticeWorker } from './notices.service.ts';

/** Starts the notice worker when the app is ready and stops it (waiting for its round) when it closes. */
export const noticesPlugin: FastifyPluginAsyncZod = async (app) => {
  let worker: ReturnType<typeof startNoticeWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startNoticeWorker(app);
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
};
