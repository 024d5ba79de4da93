import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers of every answer: one policy, applied by the plugin and by the early-error path. */
const helmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets CSS variables and element styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Set below, and only over TLS: HSTS on a plain-HTTP answer means nothing.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
const HSTS = 'max-age=31536000; includeSubDomains';

function addPolicyHeaders(reply: FastifyReply, url: string, overTls: boolean): void {
  void reply.header('permissions-policy', PERMISSIONS_POLICY);
  // API answers carry health data: no browser, proxy or CDN keeps a copy (a route may narrow this
  // to 'private, no-store'). Static assets set their own caching.
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) void reply.header('cache-control', 'no-store');
  // Over TLS (directly, or through a trusted proxy that says so), browsers must stay on HTTPS.
  if (overTls) void reply.header('strict-transport-security', HSTS);
}

/**
 * The policy does not depend on the request, so helmet runs once at start and every answer gets a
 * copy of its headers (@fastify/helmet builds and parses the whole policy again on each request:
 * a tenth of the CPU of a small API answer).
 */
function helmetHeaders(): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  } as unknown as ServerResponse;
  helmet(helmetOptions)({} as IncomingMessage, recorder, () => undefined);
  return { set, removed };
}

const POLICY = helmetHeaders();

function applyHelmetHeaders(response: ServerResponse): void {
  for (const name of POLICY.removed) response.removeHeader(name);
  for (const [name, value] of POLICY.set) response.setHeader(name, value);
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // On request, not on send: a streamed answer takes over the reply and sends what is set by then.
  app.addHook('onRequest', async (request, reply) => {
    applyHelmetHeaders(reply.raw);
    addPolicyHeaders(reply, request.url, request.protocol === 'https');
  });
});

/**
 * The same headers for an answer Fastify makes before any route or hook runs (a malformed URL,
 * an over-long path parameter): those skip the plugin's hooks.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, trustProxy: boolean): void {
  applyHelmetHeaders(reply.raw);
  // This early request does not apply the trust-proxy setting itself.
  const forwarded = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const encrypted = 'encrypted' in request.raw.socket && request.raw.socket.encrypted === true;
  addPolicyHeaders(reply, request.raw.url ?? '', encrypted || (trustProxy && proto === 'https'));
}
