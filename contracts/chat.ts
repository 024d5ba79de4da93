import { z } from 'zod';
import { idField, idParam, pagingQuery, requiredText } from './common.ts';

/** Longest message a user may send; longer earlier turns are accepted as context up to the second limit. */
export const CHAT_MESSAGE_MAX = 4000;
const CHAT_CONTEXT_MESSAGE_MAX = 20_000;
/**
 * All the turns one request may carry, together (a request once stored 931 KB). A new
 * conversation is saved with the turns given, so this is also the most one request can store.
 */
export const CHAT_CONTEXT_MAX = 40_000;
/** The most of an answer that is kept (a misbehaving model cannot fill the database). */
export const CHAT_ANSWER_MAX = 20_000;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** One turn as the client sends it (spec: messages [{role, content}]). A client never sends 'system'. */
export const chatTurnSchema = z.object({
  role: z.enum(CHAT_ROLES, { error: 'valor_invalido' }),
  content: z
    .string({ error: 'chat_mensaje_requerido' })
    .trim()
    .min(1, 'chat_mensaje_requerido')
    .max(CHAT_CONTEXT_MESSAGE_MAX, 'texto_largo'),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/**
 * POST /api/chat/completions (and /stream). The last turn is the new question. With `id_chat` the
 * saved conversation is the context and only that last turn is new; without it a new conversation
 * is created with the turns given.
 */
export const chatCompletionSchema = z.object({
  messages: z
    .array(chatTurnSchema, { error: 'chat_mensaje_requerido' })
    .min(1, 'chat_mensaje_requerido')
    .max(100, 'texto_largo')
    .refine((turns) => turns.at(-1)?.role === 'user', 'chat_ultimo_mensaje_usuario')
    .refine((turns) => (turns.at(-1)?.content.length ?? 0) <= CHAT_MESSAGE_MAX, 'chat_mensaje_largo')
    .refine(
      (turns) => turns.reduce((size, turn) => size + turn.content.length, 0) <= CHAT_CONTEXT_MAX,
      'chat_contexto_largo',
    ),
  id_chat: idField().optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionSchema>;

/** What kind of answer the assistant gave: a normal one, emergency guidance, or the connection error. */
export const CHAT_ANSWER_KINDS = ['respuesta', 'emergencia', 'error'] as const;
export type ChatAnswerKind = (typeof CHAT_ANSWER_KINDS)[number];

export const chatCompletionResponseSchema = z.object({
  response: z.string(),
  id_chat: z.number(),
  nombre_chat: z.string(),
  tipo: z.enum(CHAT_ANSWER_KINDS),
});
export type ChatCompletionResponse = z.infer<typeof chatCompletionResponseSchema>;

/** A conversation in the history (spec: id_chat, nombre_chat), newest first. */
export const chatSummarySchema = z.object({
  id_chat: z.number(),
  nombre_chat: z.string(),
  creado_en: z.string(),
  actualizado_en: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummarySchema>;

export const chatHistoryQuery = pagingQuery;

/** A saved message (spec: contenido, rol). */
export const chatMessageSchema = z.object({
  id_mensaje: z.number(),
  contenido: z.string(),
  rol: z.enum(CHAT_ROLES),
  creado_en: z.string(),
  /** An answer's kind, so a reopened conversation keeps its emergency styling; null for questions and older answers. */
  tipo: z.enum(CHAT_ANSWER_KINDS).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatIdParams = z.object({ id: idParam });

/** PUT /api/chat/{id}: rename a conversation. */
export const chatRenameSchema = z.object({ nombre_chat: requiredText('chat_nombre_requerido', 100) });
export type ChatRename = z.infer<typeof chatRenameSchema>;

/**
 * The server-sent events of POST /api/chat/completions/stream, in order: `chat` once (the
 * conversation the exchange is saved under), `delta` for each piece of the answer, then `fin`
 * with the whole answer as saved (after a stop, what was produced until then). `error` replaces
 * `fin` only when the server itself fails.
 */
export interface ChatStreamEvents {
  chat: { id_chat: number; nombre_chat: string };
  delta: { content: string };
  fin: ChatCompletionResponse;
  error: { detail: string; code: string };
}
export type ChatStreamEvent = {
  [K in keyof ChatStreamEvents]: { event: K; data: ChatStreamEvents[K] };
}[keyof ChatStreamEvents];
