import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

export interface RouteHandlers {
  /** Route handlers whose work has not ended yet, those whose client has left included. */
  running: () => number;
}

/**
 * Counts the route handlers running and makes `close()` wait, up to `waitOnCloseMs`, for them to
 * end before anything closes. Fastify's close waits for open connections only, so a handler whose
 * client has hung up goes on after it (a chat answer about to be saved, a booking's mail) and would
 * find the database, the mail transport or Redis closed under it. Handlers are counted by wrapping
 * each route's handler as the route is added: call this before any route is registered.
 */
export function trackRouteHandlers(app: FastifyInstance, waitOnCloseMs: number): RouteHandlers {
  let running = 0;
  let whenIdle: (() => void) | undefined;
  const settled = () => {
    running -= 1;
    if (running === 0) whenIdle?.();
  };
  app.addHook('onRoute', (route) => {
    const handler: RouteHandlerMethod = route.handler;
    route.handler = function (request, reply) {
      running += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } finally {
        if (result instanceof Promise) result.then(settled, settled);
        else settled();
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
      setTimeout(resolve, waitOnCloseMs).unref();
    });
  });
  return { running: () => running };
}
