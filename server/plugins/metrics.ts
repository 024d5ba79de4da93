import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LogEvent } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { errorBody } from '../../contracts/common.ts';
import { passwordHashQueue } from '../lib/passwords.ts';
import { carriesToken, fromThisMachine } from './metrics-access.ts';

/** The label of a request no route answered (a web page served by the not-found handler, a 404). */
const UNMATCHED = 'unmatched';

const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

const QUERY_KINDS = new Set(['select', 'insert', 'update', 'delete', 'with']);

/** The statement's first word (select, insert, …): a handful of values whatever the query. */
export function queryKind(sql: string): string {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? '';
  return QUERY_KINDS.has(word) ? word : 'other';
}

const GAUGES_NAMED_AS_COUNTERS = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

let processRegistry: Registry | undefined;
/**
 * The process's own figures (CPU, memory, heap, event-loop lag, handles), collected once per
 * process: several apps in one process (tests) share them, and each registration would start
 * another event-loop monitor.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    // Gauges that prom-client names like counters (`_total`), which Prometheus's checker refuses;
    // the same figures stay, by type, in nodejs_active_handles, _requests and _resources.
    for (const name of GAUGES_NAMED_AS_COUNTERS) processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/**
 * GET /api/metrics in Prometheus's text format: requests and their time per route
 * pattern and status, database query time per statement kind, pool and queue sizes, and the
 * process's own figures. Open to this machine, or to whoever sends METRICS_TOKEN; anyone else gets
 * the same 404 as a path that does not exist.
 */
/** What the metrics read from modules' tables, handed in by server/app.ts (plugins never import a module). */
export interface MetricsSources {
  /** Reminders and request notices past their time and not yet sent. */
  countDueOutbox: (now: string) => Promise<{ notificaciones: number; avisos_solicitud: number }>;
  /** Route handlers running now (plugins/handlers-in-flight.ts). */
  handlersRunning: () => number;
  /** The visit notices' queue by channel: waiting, sent and failed. */
  countNoticeQueue: () => Promise<Record<'email' | 'sms', Record<'waiting' | 'sent' | 'failed', number>>>;
}

export const metricsPlugin = fp(async (app: FastifyInstance, { countDueOutbox, handlersRunning, countNoticeQueue }: MetricsSources) => {
  const registry = new Registry();
  // Started now, so the event-loop figures cover the time before the first scrape.
  const processFigures = processMetrics();

  const requests = new Counter({
    name: 'galeno_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'galeno_http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  // One pair of label-bound children per method, route and status: the hot path skips label checks.
  const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      const counter = requests.labels(labels);
      const histogram = requestSeconds.labels(labels);
      child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
      children.set(key, child);
    }
    child.count();
    child.observe(reply.elapsedTime / 1000);
  });

  const querySeconds = new Histogram({
    name: 'galeno_db_query_duration_seconds',
    help: 'Database query time, by statement kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  // Label-bound children, as for the requests: every query of every request passes here.
  const queryChildren = new Map<string, { observe: (seconds: number) => void }>();
  const onQuery = (event: LogEvent) => {
    const kind = queryKind(event.query.sql);
    const outcome = event.level === 'error' ? 'error' : 'ok';
    const key = `${kind} ${outcome}`;
    let child = queryChildren.get(key);
    if (!child) queryChildren.set(key, (child = querySeconds.labels({ kind, outcome })));
    child.observe(event.queryDurationMillis / 1000);
  };
  app.database.queryListeners.add(onQuery);
  app.addHook('onClose', async () => {
    app.database.queryListeners.delete(onQuery);
  });

  if (app.database.poolStats()) {
    new Gauge({
      name: 'galeno_db_pool_connections',
      help: 'PostgreSQL pool connections, open in all and idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = app.database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'galeno_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(app.database.poolStats()?.waiting ?? 0);
      },
    });
  }

  if (app.database.walSyncs() !== undefined) {
    let counted = 0;
    new Counter({
      name: 'galeno_sqlite_wal_syncs_total',
      help: 'Syncs of the SQLite write-ahead log: one per group of commits answered together',
      registers: [registry],
      collect() {
        const syncs = app.database.walSyncs() ?? counted;
        this.inc(syncs - counted);
        counted = syncs;
      },
    });
  }

  new Gauge({
    name: 'galeno_http_handlers_running',
    help: 'Route handlers running now, this scrape and those whose client has left included',
    registers: [registry],
    collect() {
      this.set(handlersRunning());
    },
  });

  new Gauge({
    name: 'galeno_password_hashes',
    help: 'Password hashes (argon2id) running and waiting for a slot',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const queue = passwordHashQueue();
      this.set({ state: 'running' }, queue.running);
      this.set({ state: 'waiting' }, queue.waiting);
    },
  });

  new Gauge({
    name: 'galeno_outbox_due',
    help: 'Reminders and request notices past their time and not yet sent',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      try {
        const due = await countDueOutbox(app.clock.now().toISOString());
        this.set({ outbox: 'notificaciones' }, due.notificaciones);
        this.set({ outbox: 'avisos_solicitud' }, due.avisos_solicitud);
      } catch (error) {
        // The database not answering must not take the other figures down with it.
        app.log.warn({ err: error }, 'metrics: outbox count failed');
      }
    },
  });

  new Gauge({
    name: 'galeno_notices',
    help: "Visit notices (e-mail and SMS) in the queue: waiting to go, sent (delivered or answered included) and failed, by channel",
    labelNames: ['channel', 'state'] as const,
    registers: [registry],
    async collect() {
      try {
        const queue = await countNoticeQueue();
        for (const [channel, states] of Object.entries(queue)) {
          for (const [state, count] of Object.entries(states)) this.set({ channel, state }, count);
        }
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: notices count failed');
      }
    },
  });

  app.get(
    '/api/metrics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text format): from this machine, or with METRICS_TOKEN as a bearer token',
        description:
          'Answers a connection from this machine itself (loopback, not relayed by a proxy) or one sending METRICS_TOKEN as a bearer token; anyone else gets the 404 of an unknown path.',
        produces: ['text/plain'],
        response: { 200: z.string().describe('Prometheus text exposition format (text/plain; version=0.0.4)'), 404: errorBody },
      },
    },
    async (request, reply) => {
      if (!fromThisMachine(request) && !carriesToken(request, app.config.metricsToken)) return reply.callNotFound();
      const [own, shared] = await Promise.all([registry.metrics(), processFigures.metrics()]);
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(shared + own);
    },
  );
});
