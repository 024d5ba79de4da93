import type { FastifyInstance } from 'fastify';
import {
  CHAT_ANSWER_MAX,
  type ChatAnswerKind,
  type ChatCompletionRequest,
  type ChatCompletionResponse,
  type ChatMessage,
  type ChatRename,
  type ChatRole,
  type ChatStreamEvent,
  type ChatSummary,
} from '../../../contracts/chat.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import { apiMessage, type Language } from '../../../contracts/messages/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { textsFor } from '../../lib/texts.ts';
import type { Actor, Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { assistantClinicalSummary } from '../records/index.ts';
import {
  chatExists,
  deleteAllChats,
  deleteChat,
  findOwnChat,
  insertChat,
  insertMessages,
  listChats,
  listMessages,
  recentMessages,
  renameChat,
  storedByUser,
  touchChat,
} from './chat.repository.ts';
import { createOfflineProvider } from './providers/offline-provider.ts';
import { createOpenAiProvider } from './providers/openai-provider.ts';
import { ChatProviderError, type ChatProvider } from './providers/provider.ts';
import { detectRedFlags, emergencyGuidance } from './red-flags.ts';
import { audienceOf, buildSystemPrompt, type PatientContext } from './system-prompt.ts';

/** How much of a conversation goes to a model: the last messages, up to a size. */
const CONTEXT_MESSAGES = 20;
const CONTEXT_CHARACTERS = 16_000;

/** A question saved and ready to be answered, with who asked it. */
export interface Exchange extends Caller {
  chat: ChatSummary;
  context: { role: ChatRole; content: string }[];
  question: string;
}

export function createChatProvider(config: FastifyInstance['config']['chat']): ChatProvider {
  if (config.apiUrl && config.model) {
    return createOpenAiProvider({
      apiUrl: config.apiUrl,
      apiKey: config.apiKey,
      model: config.model,
      timeoutMs: config.timeoutMs,
    });
  }
  return createOfflineProvider();
}

export function createChatService(app: FastifyInstance, provider: ChatProvider = createChatProvider(app.config.chat)) {
  const { db, clock, config } = app;

  /** 'Consulta - 02/03/2026 09:00' in the clinic's time zone (spec section 9). */
  function newTitle(now: Date, language: Language): string {
    const [year, month, day] = localDate(now, config.timeZone).split('-');
    return textsFor('assistant', language)('new_chat_title', {
      date: `${day}/${month}/${year}`,
      time: localTime(now, config.timeZone),
    });
  }

  async function ownChat(actor: Actor, id_chat: number, language: Language): Promise<ChatSummary> {
    const chat = await findOwnChat(db, actor.id_usuario, id_chat);
    if (!chat) throw await notOwnChat(id_chat, language);
    return chat;
  }

  /** Decisions #4: another user's conversation is 'not your data' (403); an id that names none, 404. */
  async function notOwnChat(id_chat: number, language: Language) {
    return (await chatExists(db, id_chat))
      ? fail(403, 'sin_permiso', language)
      : fail(404, 'chat_no_encontrado', language);
  }

  /** The instructions for a model, with the patient's summary only when sharing is allowed. */
  async function systemPrompt(exchange: Exchange): Promise<string> {
    let patient: PatientContext | undefined;
    const { actor } = exchange;
    if (provider.external && config.chat.shareContext && actor.id_paciente !== null) {
      patient = await assistantClinicalSummary(db, actor.id_paciente);
      await writeAudit(db, {
        id_usuario: actor.id_usuario,
        rol: actor.rol,
        id_paciente: actor.id_paciente,
        accion: 'chat.contexto_compartido',
        detalle: 'Resumen de alergias y enfermedades activas enviado al servicio de chat externo',
        ip: exchange.address,
        creado_en: clock.now().toISOString(),
      });
    }
    return buildSystemPrompt(exchange.language, patient, audienceOf(actor.rol));
  }

  /**
   * What a user keeps with the assistant is bounded: a new conversation past
   * CHAT_MAX_CONVERSATIONS_PER_USER, or messages past CHAT_MAX_MESSAGES_PER_USER, are refused with
   * 409 until the user deletes some. Two requests racing may pass the limit by a message or two.
   */
  async function checkStorage(
    actor: Actor,
    newConversation: boolean,
    newMessages: number,
    language: Language,
  ): Promise<void> {
    const stored = await storedByUser(db, actor.id_usuario);
    const refuse = (code: 'chat_limite_conversaciones' | 'chat_limite_mensajes', limit: number) =>
      fail(409, code, language, { params: { limite: limit.toLocaleString(language) } });
    if (newConversation && stored.conversations >= config.chat.maxConversationsPerUser) {
      throw refuse('chat_limite_conversaciones', config.chat.maxConversationsPerUser);
    }
    if (stored.messages + newMessages > config.chat.maxMessagesPerUser)
      throw refuse('chat_limite_mensajes', config.chat.maxMessagesPerUser);
  }

  /** The answer and its kind: a conversation reopened later keeps an emergency's styling. */
  async function saveAnswer(id_chat: number, content: string, tipo: ChatAnswerKind): Promise<void> {
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await insertMessages(
        trx,
        id_chat,
        [{ rol: 'assistant', contenido: content.slice(0, CHAT_ANSWER_MAX), tipo }],
        now,
      );
      await touchChat(trx, id_chat, now);
    });
  }

  function logFailure(error: unknown) {
    // Only what failed (the kind of failure and the HTTP status), never what was asked or answered.
    const failure =
      error instanceof ChatProviderError
        ? { kind: error.message, status: error.status }
        : { kind: (error as Error).name };
    app.log.warn({ provider: provider.name, ...failure }, 'chat provider failed');
  }

  /**
   * Red flags answer a patient at once with emergency guidance. A doctor or an administrator
   * describing a patient ('dolor torácico, ¿dosis de nitroglicerina?') gets the professional
   * answer instead: telling a clinician to call 112 about their own question would help nobody.
   */
  const redFlagsOf = (exchange: Exchange) =>
    audienceOf(exchange.actor.rol) === 'patient' ? detectRedFlags(exchange.question) : [];

  const errorText = (language: Language) =>
    apiMessage('chat_error_conexion', language) ?? 'Error al conectar con el chat';

  return {
    /**
     * Saves the question (creating the conversation when there is none) and returns what is needed
     * to answer it. Ownership is checked here, before any answer starts.
     */
    async start(caller: Caller, input: ChatCompletionRequest): Promise<Exchange> {
      const { actor, language } = caller;
      const now = clock.now();
      const stamp = now.toISOString();
      const last = input.messages.at(-1);
      const question = last?.content ?? '';
      const existing = input.id_chat === undefined ? undefined : await ownChat(actor, input.id_chat, language);
      // The question (or the turns of a new conversation) and the answer to come.
      await checkStorage(actor, !existing, (existing ? 1 : input.messages.length) + 1, language);
      return db.transaction().execute(async (trx) => {
        const chat = existing ?? (await insertChat(trx, actor.id_usuario, newTitle(now, language), stamp));
        // In a saved conversation only the last turn is new; a new one starts with all the turns given.
        const turns = existing ? [{ role: 'user' as const, content: question }] : input.messages;
        await insertMessages(
          trx,
          chat.id_chat,
          turns.map((turn) => ({ rol: turn.role, contenido: turn.content })),
          stamp,
        );
        await touchChat(trx, chat.id_chat, stamp);
        const history = await recentMessages(trx, chat.id_chat, CONTEXT_MESSAGES);
        let size = 0;
        const kept = history
          .reverse()
          .filter((message) => (size += message.contenido.length) <= CONTEXT_CHARACTERS)
          .reverse()
          .map((message) => ({ role: message.rol, content: message.contenido }));
        return {
          actor,
          chat: { ...chat, actualizado_en: stamp },
          context: kept.length > 0 ? kept : [{ role: 'user', content: question }],
          question,
          language,
          address: caller.address,
        };
      });
    },

    /** Answers a saved question in one piece (POST /api/chat/completions). */
    async answer(exchange: Exchange): Promise<ChatCompletionResponse> {
      const flags = redFlagsOf(exchange);
      let response: string;
      let tipo: ChatAnswerKind;
      if (flags.length > 0) {
        response = emergencyGuidance(flags, exchange.language);
        tipo = 'emergencia';
      } else {
        try {
          response = await provider.complete({
            messages: exchange.context,
            language: exchange.language,
            audience: audienceOf(exchange.actor.rol),
            system: await systemPrompt(exchange),
            signal: new AbortController().signal,
          });
          tipo = 'respuesta';
        } catch (error) {
          logFailure(error);
          response = errorText(exchange.language);
          tipo = 'error';
        }
      }
      await saveAnswer(exchange.chat.id_chat, response, tipo);
      return { response, id_chat: exchange.chat.id_chat, nombre_chat: exchange.chat.nombre_chat, tipo };
    },

    /**
     * Answers a saved question piece by piece (the SSE variant). When `signal` aborts (the user
     * stopped or left) the provider stream is closed and what was produced so far is saved.
     */
    async *answerStream(exchange: Exchange, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
      const { chat } = exchange;
      yield { event: 'chat', data: { id_chat: chat.id_chat, nombre_chat: chat.nombre_chat } };
      const flags = redFlagsOf(exchange);
      let produced = '';
      let tipo: ChatAnswerKind = 'respuesta';
      if (flags.length > 0) {
        produced = emergencyGuidance(flags, exchange.language);
        tipo = 'emergencia';
        yield { event: 'delta', data: { content: produced } };
      } else {
        try {
          const pieces = provider.stream({
            messages: exchange.context,
            language: exchange.language,
            audience: audienceOf(exchange.actor.rol),
            system: await systemPrompt(exchange),
            signal,
          });
          for await (const piece of pieces) {
            if (signal.aborted) break;
            produced += piece;
            yield { event: 'delta', data: { content: piece } };
          }
        } catch (error) {
          if (!signal.aborted) {
            logFailure(error);
            tipo = 'error';
            // Keep what arrived before the failure, then say it failed.
            produced = produced ? `${produced}\n\n${errorText(exchange.language)}` : errorText(exchange.language);
          }
        }
      }
      // After a stop, only what was produced is kept (nothing when nothing came).
      if (produced.trim()) await saveAnswer(chat.id_chat, produced, tipo);
      yield { event: 'fin', data: { response: produced, id_chat: chat.id_chat, nombre_chat: chat.nombre_chat, tipo } };
    },

    async history({ actor }: Caller, query: PagingQuery): Promise<{ items: ChatSummary[]; total: number }> {
      return listChats(db, actor.id_usuario, {
        offset: (query.pagina - 1) * query.por_pagina,
        limit: query.por_pagina,
        search: query.buscar,
      });
    },

    async messages({ actor, language }: Caller, id_chat: number): Promise<ChatMessage[]> {
      await ownChat(actor, id_chat, language);
      return listMessages(db, id_chat);
    },

    async rename(
      { actor, language }: Caller,
      id_chat: number,
      input: ChatRename,
    ): Promise<{ id_chat: number; nombre_chat: string }> {
      const renamed = await renameChat(db, actor.id_usuario, id_chat, input.nombre_chat);
      if (!renamed) throw await notOwnChat(id_chat, language);
      return { id_chat, nombre_chat: input.nombre_chat };
    },

    async remove({ actor, language }: Caller, id_chat: number): Promise<void> {
      const deleted = await db.transaction().execute((trx) => deleteChat(trx, actor.id_usuario, id_chat));
      if (!deleted) throw await notOwnChat(id_chat, language);
    },

    async removeAll({ actor }: Caller): Promise<{ eliminados: number }> {
      const eliminados = await db.transaction().execute((trx) => deleteAllChats(trx, actor.id_usuario));
      return { eliminados };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
