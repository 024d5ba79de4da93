import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Makes `close()` wait, up to `waitMs`, for the route handlers still running before anything
 * closes. Fastify's close waits for open connections only, so a handler whose client has hung up
 * goes on after it (a chat answer about to be saved, a booking's mail) and would find the database,
 * the mail transport or Redis closed under it. Handlers are counted by wrapping each route's handler
 * as the route is added: call this before any route is registered.
 */
export function waitForHandlersOnClose(app: FastifyInstance, waitMs: number): void {
  let running = 0;
  let whenIdle: (() => void) | undefined;
  const settled = () => {
    running -= 1;
    if (running === 0) whenIdle?.();
  };
  app.addHook('onRoute', (route) => {
    const handler: RouteHandlerMethod = route.handler;
    route.handler = function (request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        running += 1;
        result.then(settled, settled);
      }
      return result;
    };
  });
  // preClose runs before the server and every onClose hook close; new requests already get 503.
  app.addHook('preClose', async () => {
    if (running === 0) return;
    app.log.info({ handlers: running }, 'waiting for the requests still being handled');
    await new Promise<void>((resolve) => {
      whenIdle = resolve;
      setTimeout(resolve, waitMs).unref();
    });
  });
}
