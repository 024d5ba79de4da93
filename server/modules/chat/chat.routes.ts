import { ROLES } from '../../../contracts/roles.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatCompletionResponseSchema,
  chatCompletionSchema,
  chatHistoryQuery,
  chatIdParams,
  chatMessageSchema,
  chatRenameSchema,
  chatSummarySchema,
  type ChatStreamEvent,
} from '../../../contracts/chat.ts';
import { errorBody } from '../../../contracts/common.ts';
import { fail, messageOf } from '../../lib/errors.ts';
import { acceptedLanguage } from '../../lib/language.ts';
import { callerOf, type Caller } from '../../lib/request-context.ts';
import { createChatService } from './chat.service.ts';
import { sendPage } from '../../lib/paging.ts';

const EVERYONE = ROLES;
/** A comment line now and then keeps proxies from closing a quiet stream while a model thinks. */
const KEEP_ALIVE_MS = 15_000;

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createChatService(app);
  // The assistant answers in the language the client asks for, else the one the user chose.
  const chatCallerOf = (request: FastifyRequest): Caller => {
    const caller = callerOf(request);
    return { ...caller, language: acceptedLanguage(request) ?? caller.actor.idioma };
  };
  const notFoundBody = { 404: errorBody };

  await app.register(async (plugin) => {
    const limited = plugin.withTypeProvider<ZodTypeProvider>();
    // Per user, not per address: a clinic's patients may share one. Counted after authentication.
    await limited.register(rateLimit, {
      max: app.config.chat.maxPerMinute,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: (request) => `chat:${request.actor?.id_usuario ?? request.ip}`,
      // Shared between instances when REDIS_URL is set.
      ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:chat-user:` } : {}),
      errorResponseBuilder: (request, context) =>
        fail(429, 'chat_demasiados_mensajes', chatCallerOf(request).language, {
          headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
        }),
    });

    limited.post(
      '/chat/completions',
      {
        config: { access: EVERYONE },
        schema: {
          tags: ['chat'],
          summary: 'Asks the assistant; the exchange is saved in the given conversation or a new one',
          description:
            'Red flags (chest pain, trouble breathing, stroke signs…) are answered at once with emergency guidance (tipo emergencia) without calling any model. A failing chat service gives tipo error and the message "Error al conectar con el chat". The last message holds at most 4000 characters and all the turns together 40,000 (400); 409 chat_limite_conversaciones / chat_limite_mensajes when the user keeps CHAT_MAX_CONVERSATIONS_PER_USER conversations or CHAT_MAX_MESSAGES_PER_USER messages.',
          body: chatCompletionSchema,
          response: { 200: chatCompletionResponseSchema, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const exchange = await service.start(chatCallerOf(request), request.body);
        return service.answer(exchange);
      },
    );

    limited.post(
      '/chat/completions/stream',
      {
        config: { access: EVERYONE },
        schema: {
          tags: ['chat'],
          summary: 'Asks the assistant and receives the answer as it is produced (server-sent events)',
          description:
            'text/event-stream with the events `chat` {id_chat, nombre_chat}, then `delta` {content} for each piece, then `fin` {response, id_chat, nombre_chat, tipo}. Closing the connection stops the answer; what was produced is saved. The same size limits and 409 quotas as /chat/completions.',
          body: chatCompletionSchema,
          produces: ['text/event-stream'],
          response: { 200: z.string().describe('text/event-stream'), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const exchange = await service.start(chatCallerOf(request), request.body);
        await sendEvents(request, reply, (signal) => service.answerStream(exchange, signal));
      },
    );
  });

  app.get(
    '/chat/historial',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['chat'],
        summary: 'The user’s conversations, most recently used first (total in X-Total-Count)',
        querystring: chatHistoryQuery,
        response: { 200: z.array(chatSummarySchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      return sendPage(request, reply, await service.history(chatCallerOf(request), request.query));
    },
  );

  app.delete(
    '/chat/historial',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['chat'],
        summary: 'Deletes all the user’s conversations',
        response: { 200: z.object({ eliminados: z.number() }), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.removeAll(chatCallerOf(request)),
  );

  app.get(
    '/chat/:id/mensajes',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['chat'],
        summary: 'The messages of one of the user’s conversations, oldest first',
        params: chatIdParams,
        response: { 200: z.array(chatMessageSchema), 400: errorBody, 401: errorBody, 403: errorBody, ...notFoundBody },
      },
    },
    async (request) => service.messages(chatCallerOf(request), request.params.id),
  );

  app.put(
    '/chat/:id',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['chat'],
        summary: 'Renames one of the user’s conversations',
        params: chatIdParams,
        body: chatRenameSchema,
        response: {
          200: z.object({ id_chat: z.number(), nombre_chat: z.string() }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          ...notFoundBody,
        },
      },
    },
    async (request) => service.rename(chatCallerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/chat/:id',
    {
      config: { access: EVERYONE },
      schema: {
        tags: ['chat'],
        summary: 'Deletes one of the user’s conversations with its messages',
        params: chatIdParams,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, ...notFoundBody },
      },
    },
    async (request, reply) => {
      await service.remove(chatCallerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/**
 * Writes server-sent events from a generator. The reply is taken over from Fastify (the headers
 * it prepared, security ones included, are kept); a client that disconnects aborts the signal
 * the generator was given, and the generator is still run to its end so it can save.
 */
async function sendEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  events: (signal: AbortSignal) => AsyncIterable<ChatStreamEvent>,
): Promise<void> {
  const response = reply.raw;
  const stopped = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) stopped.abort();
  });
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, typeof value === 'number' ? String(value) : value);
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const write = (text: string) => {
    if (!response.destroyed && !response.writableEnded) response.write(text);
  };
  write(': galeno\n\n');
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  try {
    for await (const event of events(stopped.signal)) {
      write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
    }
  } catch (error) {
    request.log.error({ err: error }, 'chat stream failed');
    const detail = messageOf('error_interno', acceptedLanguage(request) ?? 'es');
    write(`event: error\ndata: ${JSON.stringify({ detail, code: 'error_interno' })}\n\n`);
  } finally {
    clearInterval(keepAlive);
    if (!response.destroyed && !response.writableEnded) response.end();
  }
}
