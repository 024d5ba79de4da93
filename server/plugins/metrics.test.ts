import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { eventually, useServerWithFakeChat } from '../testing/chat.ts';
import { DATABASES, TEST_PASSWORD, useTestServer, type TestServer } from '../testing/test-server.ts';
import { addAppointment } from '../testing/patients.ts';
import { queryKind } from './metrics.ts';

const REMOTE = '203.0.113.7';
const TOKEN = 'm'.repeat(20) + 'etrics-token-for-tests';

interface ScrapeOptions {
  remoteAddress?: string;
  headers?: Record<string, string>;
}

async function scrape(server: TestServer, options: ScrapeOptions = {}) {
  return server.app.inject({ method: 'GET', url: '/api/metrics', ...options });
}

async function families(server: TestServer): Promise<Map<string, MetricFamily>> {
  const response = await scrape(server);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(response.body).map((family) => [family.name, family]));
}

function counterValue(family: MetricFamily | undefined, labels: Record<string, string>): number {
  const sample = family?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return Number(sample?.value ?? 0);
}

/**
 * A histogram's `_count` over the series that carry `labels`, read from the text itself: the
 * parser above checks the format but folds a labelled histogram's series into one.
 */
function histogramCount(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = new RegExp(`^${name}_count\\{(.*)\\} (\\S+)$`).exec(line);
    if (!match) continue;
    const found = Object.fromEntries([...(match[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) total += Number(match[2]);
  }
  return total;
}

describe.each(DATABASES)('GET /api/metrics on %s (decision 0086)', (kind) => {
  const server = useTestServer(kind);

  it('answers Prometheus text that parses, with requests, queries, the event loop, memory, pools and queues', async () => {
    const found = await families(server);
    for (const name of [
      'galeno_http_requests_total',
      'galeno_http_request_duration_seconds',
      'galeno_db_query_duration_seconds',
      'galeno_password_hashes',
      'galeno_outbox_due',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(found.has(name), name).toBe(true);
    }
    expect(found.get('galeno_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(found.get('galeno_outbox_due')?.metrics.map((metric) => metric.labels?.outbox).sort()).toEqual([
      'avisos_solicitud',
      'notificaciones',
    ]);
    const pool = found.get('galeno_db_pool_connections');
    if (kind === 'postgres') {
      expect(pool?.metrics.map((metric) => metric.labels?.state).sort()).toEqual(['idle', 'total']);
      expect(counterValue(pool, { state: 'total' })).toBeGreaterThan(0);
      expect(found.has('galeno_db_pool_waiting_requests')).toBe(true);
      expect(found.has('galeno_sqlite_wal_syncs_total')).toBe(false);
    } else {
      expect(pool).toBeUndefined();
      // A log-in writes its session, and its answer waits for a sync of the WAL.
      const patient = await server.createUser('paciente');
      const login = await server.request('POST', '/api/login', { body: { usuario: patient.usuario, contrasena: TEST_PASSWORD } });
      expect(login.status).toBe(200);
      const syncs = (await families(server)).get('galeno_sqlite_wal_syncs_total');
      expect(syncs?.type).toBe('COUNTER');
      expect(counterValue(syncs, {})).toBeGreaterThan(0);
    }
  });

  it('counts a request under its route pattern and status, never its raw path or token, and times its queries', async () => {
    const patient = await server.createUser('paciente');
    const before = await families(server);
    const beforeText = (await scrape(server)).body;
    const route = '/api/citas/agenda-disponible/:doctorId';
    const labels = { method: 'GET', route, status_code: '404' };
    const response = await server.request('GET', '/api/citas/agenda-disponible/987654?dias=7', { token: patient.token });
    expect(response.status).toBe(404);
    const after = await families(server);
    const afterText = (await scrape(server)).body;
    expect(counterValue(after.get('galeno_http_requests_total'), labels)).toBe(
      counterValue(before.get('galeno_http_requests_total'), labels) + 1,
    );
    expect(histogramCount(afterText, 'galeno_http_request_duration_seconds', labels)).toBe(
      histogramCount(beforeText, 'galeno_http_request_duration_seconds', labels) + 1,
    );
    const selects = { kind: 'select', outcome: 'ok' };
    expect(histogramCount(afterText, 'galeno_db_query_duration_seconds', selects)).toBeGreaterThan(
      histogramCount(beforeText, 'galeno_db_query_duration_seconds', selects),
    );
    const text = (await scrape(server)).body;
    // In the labels: a sample's value (resident memory, say) may hold any digits.
    const labelSets = (body: string) => (body.match(/\{[^}]*\}/g) ?? []).join('\n');
    expect(labelSets(text)).toContain('route="/api/citas/agenda-disponible/:doctorId"');
    expect(labelSets(text)).not.toContain('987654');
    expect(text).not.toContain(patient.token.slice(-20));
    // A path no route answers is one label, whatever was asked.
    await server.request('GET', '/api/no-existe/123456');
    const unmatched = await families(server);
    expect(counterValue(unmatched.get('galeno_http_requests_total'), { route: 'unmatched', status_code: '404' })).toBeGreaterThan(0);
    expect(labelSets((await scrape(server)).body)).not.toContain('123456');
  });

  it("measures the notices' queue by channel: waiting, sent and failed", async () => {
    const queue = async () => {
      const family = (await families(server)).get('galeno_notices');
      expect(family?.type).toBe('GAUGE');
      const value = (channel: string, state: string) => counterValue(family, { channel, state });
      return { email: ['waiting', 'sent', 'failed'].map((state) => value('email', state)), sms: ['waiting', 'sent', 'failed'].map((state) => value('sms', state)) };
    };
    const before = await queue();
    const patient = await server.createUser('paciente');
    const doctor = await server.createUser('doctor');
    const id_cita = await addAppointment(server, { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor!, fecha: '2026-03-10', hora: '10:00' });
    const now = server.clock.now().toISOString();
    const notice = (canal: 'email' | 'sms', estado: 'pendiente' | 'enviado' | 'entregado' | 'fallido' | 'cancelado') => ({
      id_cita, destinatario: 'paciente' as const, canal, tipo: 'cita_confirmada', datos: '{}', estado, enviar_en: now, creado_en: now, actualizado_en: now,
    });
    await server.database.db
      .insertInto('notificaciones')
      .values([notice('email', 'pendiente'), notice('email', 'pendiente'), notice('email', 'enviado'), notice('sms', 'entregado'), notice('sms', 'fallido'), notice('sms', 'cancelado')])
      .execute();
    const after = await queue();
    expect(after.email.map((count, index) => count - (before.email[index] ?? 0))).toEqual([2, 1, 0]);
    expect(after.sms.map((count, index) => count - (before.sms[index] ?? 0))).toEqual([0, 1, 1]);
  });

  it('answers a real loopback connection', async () => {
    const response = await server.request('GET', '/api/metrics');
    expect(response.status).toBe(200);
    expect(String(response.body)).toContain('galeno_http_requests_total');
  });

  it('is a 404 like any unknown path to another machine, or through a proxy, when no token is configured', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/api/no-existe', remoteAddress: REMOTE });
    const refused: ScrapeOptions[] = [
      { remoteAddress: REMOTE },
      { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } },
      // A reverse proxy on this machine connects from loopback for someone else.
      { headers: { 'x-forwarded-for': '198.51.100.4' } },
      { headers: { forwarded: 'for=198.51.100.4' } },
      { remoteAddress: '::ffff:198.51.100.4' },
    ];
    for (const options of refused) {
      const response = await scrape(server, options);
      expect(response.statusCode, JSON.stringify(options)).toBe(404);
      expect(response.json()).toEqual(unknown.json());
      expect(response.body).not.toContain('galeno_');
    }
    expect((await scrape(server, { remoteAddress: '::1' })).statusCode).toBe(200);
  });
});

describe.each(DATABASES)('GET /api/metrics with METRICS_TOKEN on %s', (kind) => {
  const server = useTestServer(kind, { env: { METRICS_TOKEN: TOKEN } });

  it('opens to another machine that sends the token, and to no other token', async () => {
    const patient = await server.createUser('paciente');
    const ok = await scrape(server, { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('galeno_http_requests_total');
    expect((await scrape(server, { remoteAddress: REMOTE, headers: { authorization: `bearer ${TOKEN}` } })).statusCode).toBe(200);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN} ${TOKEN}`,
      TOKEN,
      `Bearer ${patient.token}`,
    ]) {
      const response = await scrape(server, { remoteAddress: REMOTE, headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization ?? 'no token').toBe(404);
    }
    // Loopback needs no token.
    expect((await scrape(server)).statusCode).toBe(200);
  });
});

describe('the handlers running, in GET /api/metrics', () => {
  const { fake, server } = useServerWithFakeChat('sqlite');
  const running = async () => counterValue((await families(server)).get('galeno_http_handlers_running'), {});

  it('counts a request still being handled, and the scrape itself', async () => {
    expect(await running()).toBe(1);
    const patient = await server.createUser('paciente');
    fake.queue({ kind: 'answer', text: 'Bebe líquidos y descansa.', delayMs: 1000 });
    const asked = server.request('POST', '/api/chat/completions', {
      token: patient.token,
      body: { messages: [{ role: 'user', content: '¿Qué hago con la fiebre?' }] },
    });
    await eventually(() => fake.requests.length === 1);
    expect(await running()).toBe(2);
    expect((await asked).status).toBe(200);
    expect(await running()).toBe(1);
  });
});

describe('queryKind', () => {
  it('names a statement by its first word, from a short list', () => {
    expect(queryKind('select "a" from "b"')).toBe('select');
    expect(queryKind('  INSERT into x values (?)')).toBe('insert');
    expect(queryKind('(select 1) union (select 2)')).toBe('select');
    expect(queryKind('with t as (select 1) select * from t')).toBe('with');
    expect(queryKind('pragma foreign_keys')).toBe('other');
    expect(queryKind("drop table 'x'; -- 123")).toBe('other');
  });
});
