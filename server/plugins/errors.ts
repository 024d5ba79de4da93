import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessage, type Language } from '../../contracts/messages/index.ts';
import { isScreenAddress } from '../../contracts/routes.ts';
import { AppError, messageOf as message, type FieldError } from '../lib/errors.ts';
import { requestLanguage } from '../lib/language.ts';

/**
 * The one error handler: every failure leaves as `{ detail, code }` (plus `errores` for bad input),
 * with the status that says what went wrong (never a 500 for bad input). 5xx details stay in the log,
 * never in the answer.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return send(reply, error.status, error.code, error.message, error.errores);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const errores: FieldError[] = error.validation.flatMap((issue) => {
        const at = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
        // A field the body's schema does not name (plugins/strict-bodies.ts): each one by its name.
        if (issue.keyword === 'unrecognized_keys') {
          const keys = (issue.params as { keys?: string[] }).keys ?? [];
          return keys.map((key) => ({ campo: at ? `${at}.${key}` : key, mensaje: validationMessage('campo_desconocido', language) }));
        }
        return [{ campo: at || context || 'body', mensaje: translateIssue(issue.message ?? '', language) }];
      });
      return send(reply, 400, 'validacion', errores[0]?.mensaje ?? message('validacion', language), errores);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, 'demasiados_intentos', message('demasiados_intentos', language));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, 'cuerpo_demasiado_grande', message('cuerpo_demasiado_grande', language));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, 'json_invalido', message('json_invalido', language));
    }
    if (status >= 400 && status < 500) {
      // Framework-level client errors (unsupported media type, bad encoding...): the status says what.
      return send(reply, status, 'peticion_invalida', message('peticion_invalida', language));
    }
    if (clientWentAway(request)) {
      // Nobody is left to answer, and nothing went wrong on our side: not an error for the log,
      // or anyone could flood it by resetting connections.
      request.log.info({ reason: error.message }, 'client went away before the answer');
      return reply;
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, 'error_interno', message('error_interno', language));
  });
});

/**
 * The connection was closed or reset by the client. A reset socket can still read as open for a
 * moment, but it no longer knows its peer's address.
 */
function clientWentAway(request: FastifyRequest): boolean {
  const socket = request.raw.socket as { destroyed?: boolean; remoteAddress?: string } | null | undefined;
  return !socket || socket.destroyed === true || request.raw.destroyed || socket.remoteAddress === undefined;
}

/**
 * Errors Fastify raises before a route is found (a URL that is not valid UTF-8 once decoded, a path
 * parameter over the length limit): the same JSON refusal as every other, not Fastify's own body.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = requestLanguage(request);
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, 'unexpected framework error');
    void send(reply, 500, 'error_interno', message('error_interno', language));
    return;
  }
  void send(reply, status, 'peticion_invalida', message('peticion_invalida', language));
}

/**
 * Paths no route serves: a screen of the web app (contracts/routes.ts) gets the app's page with 200;
 * any other page path the same page with 404, which the app's router draws as its not-found screen
 * (so a probe pointed at /healthz by habit fails instead of passing with the app's HTML); the API,
 * assets and other methods a JSON 404. HEAD answers as GET would (uptime checks use it).
 */
export function notFoundHandler(pageHtml: ((url: string) => Buffer) | undefined) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      pageHtml && (request.method === 'GET' || request.method === 'HEAD') && !isUnder(request.url, '/api') && !request.url.startsWith('/assets/');
    if (wantsPage)
      return reply
        .status(isScreenAddress(request.url) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(pageHtml(request.url));
    return send(reply, 404, 'no_encontrado', message('no_encontrado', requestLanguage(request)));
  };
}

/** `/api`, `/api/…` or `/api?…`, not `/apie`. */
function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);
}

function translateIssue(key: string, language: Language): string {
  const translated = validationMessage(key, language);
  // Zod's own English messages (wrong type, unknown shape) become the generic invalid-value text.
  return translated === key && !/^[a-z0-9_]+$/.test(key) ? validationMessage('valor_invalido', language) : translated;
}

function send(reply: FastifyReply, status: number, code: string, detail: string, errores?: FieldError[]) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errores ? { detail, code, errores } : { detail, code });
}
