import type { ChatRole } from '../../../../contracts/chat.ts';
import type { Language } from '../../../../contracts/messages/index.ts';
import type { Audience } from '../system-prompt.ts';

/** What a provider receives: the conversation (oldest first, the question last) and how to answer. */
export interface ProviderRequest {
  messages: { role: ChatRole; content: string }[];
  language: Language;
  /** A patient, or a professional of the clinic (the offline assistant words its answers for them). */
  audience: Audience;
  /** The instructions for a model (built by system-prompt.ts); providers without a model ignore them. */
  system: string;
  /** Aborted when the user stops the answer or leaves. */
  signal: AbortSignal;
}

/**
 * One interface for every source of answers. A provider throws when it fails; the service turns
 * that into the spec's 'Error al conectar con el chat', and into a stop when the signal was aborted.
 */
export interface ChatProvider {
  readonly name: 'offline' | 'openai-compatible';
  /** True when messages leave Galeno (the patient context is shared only with CHAT_SHARE_CONTEXT). */
  readonly external: boolean;
  complete(request: ProviderRequest): Promise<string>;
  stream(request: ProviderRequest): AsyncIterable<string>;
}

/** A provider failure, with only what may be logged (never message contents). */
export class ChatProviderError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatProviderError';
    this.status = status;
  }
}
