import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from './web.ts';
import { useTestServer, type ApiResponse } from '../testing/test-server.ts';

function expectSecurityHeaders(response: ApiResponse, label: string) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toMatch(/script-src 'self'(;|$)/);
  expect(csp, label).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'self'");
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy'), label).toBe('camera=(), microphone=(), geolocation=(), payment=()');
  expect(response.headers.get('x-request-id'), label).toMatch(/^[0-9a-f-]{36}$/);
}

/** The <script> tags of an HTML page that carry code inline, and any inline event handler. */
function inlineCode(html: string): string[] {
  const inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\ssrc=/.test(attributes ?? '') || (body ?? '').trim() !== '')
    .map(([tag]) => tag);
  const handlers = [...html.matchAll(/\son[a-z]+\s*=/gi)].map(([attribute]) => attribute);
  return [...inlineScripts, ...handlers];
}

describe('security headers and limits', () => {
  const server = useTestServer('sqlite', { env: { TRUST_PROXY: 'true' } });

  it('sends a strict policy on every answer: API, refusals, unknown paths and malformed URLs', async () => {
    const answers: [string, ApiResponse][] = [
      ['health', await server.request('GET', '/api/health')],
      ['unknown path', await server.request('GET', '/api/no-existe')],
      ['no token', await server.request('GET', '/api/auth/me')],
      ['bad JSON', await server.request('POST', '/api/login', { body: '{"usuario":' })],
      // Refused by Fastify before any route or hook: a URL that is not valid UTF-8, a path parameter over the limit.
      ['malformed URL', await server.request('GET', '/api/archivos/%ED%A0%80')],
      ['over-long parameter', await server.request('GET', `/api/chat/${'1'.repeat(200)}/mensajes`)],
    ];
    for (const [label, response] of answers) {
      expectSecurityHeaders(response, label);
      expect(response.headers.get('strict-transport-security'), label).toBeNull();
      // Health data is never kept by a browser, a proxy or a CDN.
      expect(response.headers.get('cache-control'), label).toMatch(/(^|[ ,])no-store($|,)/);
    }
    for (const [label, response] of answers.slice(4)) {
      expect(response.status, label).toBeGreaterThanOrEqual(400);
      expect(response.status, label).toBeLessThan(500);
      expect(response.body, label).toMatchObject({ code: 'peticion_invalida', detail: 'La petición no es válida.' });
    }
  });

  it('sends the same policy on a streamed answer of the assistant', async () => {
    const patient = await server.createUser('paciente');
    const response = await server.request('POST', '/api/chat/completions/stream', {
      token: patient.token,
      body: { messages: [{ role: 'user', content: '¿Qué horario tiene la clínica?' }] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expectSecurityHeaders(response, 'stream');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
  });

  it('adds HSTS when the request came over TLS, also on early refusals', async () => {
    const tls = { headers: { 'x-forwarded-proto': 'https' } };
    for (const response of [await server.request('GET', '/api/health', tls), await server.request('GET', '/api/archivos/%ED%A0%80', tls)]) {
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('serves a page with no inline script, so the policy can forbid them', () => {
    const pages = [fs.readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8')];
    // The built page too, when this checkout has one (npm test builds it before the browser tests).
    const built = `${WEB_DIST}/index.html`;
    if (fs.existsSync(built)) pages.push(fs.readFileSync(built, 'utf8'));
    for (const html of pages) {
      expect(html).toMatch(/<script\b[^>]*\ssrc=/);
      expect(inlineCode(html)).toEqual([]);
    }
  });

  it('refuses bodies over the limit with a JSON detail, not a 500', async () => {
    const huge = JSON.stringify({ usuario: 'x'.repeat(2 * 1024 * 1024), contrasena: 'y' });
    const response = await server.request('POST', '/api/login', { body: huge });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'cuerpo_demasiado_grande', detail: 'La petición es demasiado grande.' });
    expectSecurityHeaders(response, '413');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses text with a NUL character before it reaches the database', async () => {
    const response = await server.request('POST', '/api/contacto', { body: { name: 'Ana\u0000', email: 'ana@example.com', message: 'Hola' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'validacion',
      detail: 'El texto contiene caracteres no válidos.',
      errores: [{ campo: 'name', mensaje: 'El texto contiene caracteres no válidos.' }],
    });
  });

  it('sets no cookies', async () => {
    const response = await server.request('POST', '/api/login', { body: { usuario: 'nadie', contrasena: 'Nada1234!' } });
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('time-outs of a slow client', () => {
  const server = useTestServer('sqlite', { env: { REQUEST_TIMEOUT_SECONDS: '1' } });

  /** Opens a raw socket, sends a request's headers at once and then its body a byte at a time. */
  function sendBodySlowly(url: string): Promise<{ answer: string; closedAfterMs: number; bytesSent: number }> {
    const { hostname, port } = new URL(url);
    const body = JSON.stringify({ usuario: 'nadie', contrasena: 'Nada1234!' });
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const socket = net.connect(Number(port), hostname);
      let answer = '';
      let bytesSent = 0;
      let timer: NodeJS.Timeout | undefined;
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept a slow request open for 10 s (${bytesSent} bytes sent)`));
      }, 10_000);
      socket.on('connect', () => {
        socket.write(`POST /api/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
        timer = setInterval(() => {
          if (bytesSent < body.length - 1 && socket.writable) socket.write(body[bytesSent++]!);
        }, 200);
      });
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ answer, closedAfterMs: performance.now() - started, bytesSent });
      });
    });
  }

  it('cuts off a request whose body arrives too slowly (slowloris) with 408', async () => {
    const { answer, closedAfterMs, bytesSent } = await sendBodySlowly(server.url);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(5000);
    expect(bytesSent).toBeLessThan(40);
  });

  it('sets the header and keep-alive limits on the server', () => {
    expect(server.app.server.requestTimeout).toBe(1000);
    expect(server.app.server.headersTimeout).toBe(1000);
    expect(server.app.server.keepAliveTimeout).toBe(72_000);
  });
});
