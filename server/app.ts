import { randomUUID } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import type { Database } from './db/schema/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loadCommonPasswords } from './lib/common-passwords.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { requestSessions } from './modules/auth/index.ts';
import { modules } from './modules/index.ts';
import { countNoticeQueue } from './modules/notices/index.ts';
import { countDueOutbox } from './modules/reminders/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, frameworkErrorHandler, notFoundHandler } from './plugins/errors.ts';
import { trackRouteHandlers } from './plugins/handlers-in-flight.ts';
import { openApiTransform } from './plugins/openapi.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { createClinicEventHub, type ClinicEventHub } from './lib/clinic-events.ts';
import type { FreedSlotSettler } from './lib/freed-slots.ts';
import { settleFreedSlot } from './modules/agenda/index.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { redisPlugin } from './plugins/redis.ts';
import { applySecurityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { strictBodiesValidatorCompiler } from './plugins/strict-bodies.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    db: Kysely<Database>;
    database: DatabaseHandle;
    mailer: Mailer;
    /** What modules announce to each other (lib/clinic-events.ts). */
    events: ClinicEventHub;
    /** Settles a slot a visit has just let go (lib/freed-slots.ts). */
    settleFreedSlot: FreedSlotSettler;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

const HEADERS_TIMEOUT_MS = 20_000;
/** How long close() waits for the handlers still running, whose client may have left (main.ts gives up at 10 s). */
const HANDLERS_DRAIN_MS = 8_000;
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The request's address as a log line may show it: a password reset link carries its secret in
 * the query string, a calendar feed or a waitlist offer in the path (a route parameter whose name
 * says token). Those are bearer secrets: whoever reads the log could use them.
 */
function withoutSecrets(request: FastifyRequest): string {
  let url = request.url.replace(/([?&]token=)[^&#]*/g, '$1[oculto]');
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (/token/i.test(name) && typeof value === 'string' && value.length > 0) {
      url = url.split(encodeURIComponent(value)).join('[oculto]').split(value).join('[oculto]');
    }
  }
  return url;
}

/** Builds the whole application without listening, so tests can use it in-process or on a port. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // Every schema that sets a password checks it against the common-password list.
  loadCommonPasswords();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Never a password, a token or medical content in a log line: bodies are not logged,
            // and the headers that carry credentials are removed.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: withoutSecrets(request),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
          },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    // A client that sends its headers or its body slowly (slowloris) is cut off with 408 instead of
    // holding a connection forever; an idle keep-alive connection closes after a while (longer than
    // a load balancer's usual 60 s, so the balancer closes first).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      // How often Node looks for requests past those limits (its default, 30 s, would let a slow
      // request run well past them).
      connectionsCheckingInterval: Math.min(5000, Math.max(200, Math.floor(config.requestTimeoutMs / 4))),
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply, config.trustProxy);
      void reply.header('x-request-id', request.id);
      frameworkErrorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  const handlers = trackRouteHandlers(app, HANDLERS_DRAIN_MS);
  app.setValidatorCompiler(strictBodiesValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  // One mail transport for the whole app (reminders, booking notices, password resets).
  app.decorate('mailer', createMailer({ ...config.mail, outboxDir: path.join(config.dataDir, 'outbox') }));
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('events', createClinicEventHub());
  app.decorate('settleFreedSlot', ((db, id_agenda) => settleFreedSlot(app, db, id_agenda)) satisfies FreedSlotSettler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    // No answer leaves before the writes made so far are on disk (SQLite's group commit).
    await app.database.durable();
  });

  await app.register(securityHeadersPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Galeno API',
        version: '1.0.0',
        description: 'The clinic API: every endpoint under /api.',
        license: { name: 'Proprietary', url: '/terminos' },
      },
      // The API is served with the web app, on the same origin.
      servers: [{ url: '/', description: 'This Galeno server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(redisPlugin);
  await app.register(authPlugin, { sessions: requestSessions(app.db, config) });
  await app.register(metricsPlugin, {
    countDueOutbox: (now: string) => countDueOutbox(app.db, now),
    handlersRunning: handlers.running,
    countNoticeQueue: () => countNoticeQueue(app.db),
  });

  for (const module of modules) {
    await app.register(module, { prefix: '/api' });
  }

  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const pageHtml = deps.serveWeb === false ? undefined : await registerWeb(app);
  app.setNotFoundHandler(notFoundHandler(pageHtml));
  return app;
}
