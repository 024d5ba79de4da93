import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ChatProviderError, type ChatProvider, type ProviderRequest } from './provider.ts';

export interface OpenAiProviderOptions {
  apiUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Per attempt: until the service starts answering, and at most between two streamed pieces. */
  timeoutMs: number;
}

/** A failure as something loggable: the kind and the HTTP status, never the body (it may echo the prompt). */
function providerError(error: unknown, APIError: typeof OpenAI.APIError | undefined): ChatProviderError {
  if (error instanceof ChatProviderError) return error;
  if (APIError && error instanceof APIError) {
    const status: number | undefined = typeof error.status === 'number' ? error.status : undefined;
    return new ChatProviderError(error.constructor.name, status, { cause: error });
  }
  return new ChatProviderError(error instanceof Error ? error.name : 'UnknownError', undefined, { cause: error });
}

/**
 * Any service that speaks OpenAI's Chat Completions protocol (OpenAI, Azure OpenAI, Ollama, vLLM,
 * llama.cpp server, LM Studio) through the official `openai` package: a time-out per attempt and
 * one retry (the package retries connection errors, time-outs, 408/409/429 and 5xx).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): ChatProvider {
  // The package (about 16 MB once loaded) is loaded on the first question, not at start.
  let client: Promise<OpenAI> | undefined;
  let APIError: typeof OpenAI.APIError | undefined;
  const clientNow = () =>
    (client ??= import('openai').then(({ default: OpenAIClient }) => {
      APIError = OpenAIClient.APIError;
      return new OpenAIClient({
        baseURL: options.apiUrl,
        // Local servers (Ollama, llama.cpp) need no key, but the package wants one.
        apiKey: options.apiKey ?? 'no-key',
        timeout: options.timeoutMs,
        maxRetries: 1,
        // The package's own logging could print request details: Galeno logs what it needs itself.
        logLevel: 'off',
      });
    }));
  const messagesOf = (request: ProviderRequest): ChatCompletionMessageParam[] => [
    { role: 'system', content: request.system },
    ...request.messages.map((message) => ({ role: message.role, content: message.content })),
  ];

  return {
    name: 'openai-compatible',
    external: true,

    async complete(request) {
      // The package's time-out ends when the headers arrive; this bounds reading the body too
      // (two attempts and the pause between them).
      const deadline = AbortSignal.timeout(options.timeoutMs * 2 + 2_000);
      try {
        const completion = await (await clientNow()).chat.completions.create(
          { model: options.model, messages: messagesOf(request) },
          { signal: AbortSignal.any([request.signal, deadline]) },
        );
        const content = completion.choices[0]?.message?.content?.trim();
        if (!content) throw new ChatProviderError('EmptyAnswer');
        return content;
      } catch (error) {
        throw providerError(error, APIError);
      }
    },

    async *stream(request) {
      const idle = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const armIdleTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(new ChatProviderError('StreamIdleTimeout')), options.timeoutMs);
      };
      try {
        const stream = await (await clientNow()).chat.completions.create(
          { model: options.model, messages: messagesOf(request), stream: true },
          { signal: AbortSignal.any([request.signal, idle.signal]) },
        );
        armIdleTimer();
        let produced = false;
        for await (const chunk of stream) {
          armIdleTimer();
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            produced = true;
            yield delta;
          }
        }
        // The package ends the iteration quietly when its signal aborts: a stop by the user is
        // a normal end, a silent service is a failure.
        if (idle.signal.aborted && !request.signal.aborted) throw idle.signal.reason as ChatProviderError;
        if (!produced && !request.signal.aborted) throw new ChatProviderError('EmptyAnswer');
      } catch (error) {
        if (idle.signal.aborted && !request.signal.aborted) throw idle.signal.reason as ChatProviderError;
        throw providerError(error, APIError);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
