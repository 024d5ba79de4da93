import type { ChatCompletionRequest, ChatStreamEvent } from '../../../../../contracts/chat.ts';
import { apiRaw } from '../../../lib/api.ts';
import { createEventParser } from './sse.ts';

/**
 * Asks the assistant and hands each server-sent event to `onEvent` as it arrives (fetch with the
 * bearer token, read as a stream). Aborting `signal` stops the answer: the server keeps what it
 * had produced. Rejects with ApiError for a refusal (429, 404…) and with an AbortError on stop.
 */
export async function streamCompletion(
  body: ChatCompletionRequest,
  options: { signal: AbortSignal; onEvent: (event: ChatStreamEvent) => void },
): Promise<void> {
  const response = await apiRaw('POST', '/chat/completions/stream', { body, signal: options.signal });
  if (!response.body) throw new Error('No stream in the response');
  const parser = createEventParser(options.onEvent);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}
