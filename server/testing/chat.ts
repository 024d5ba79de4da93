import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { ChatStreamEvent } from '../../contracts/chat.ts';
import type { DialectName } from '../db/index.ts';
import { useTestServer, type TestServer } from './test-server.ts';

/** What the fake chat service does with a request. */
export type FakeBehaviour =
  /** The answer, after `delayMs` when given (a slow model). */
  | { kind: 'answer'; text: string; delayMs?: number }
  | { kind: 'error'; status: number }
  /** Never answers (a time-out for the caller). */
  | { kind: 'hang' }
  /** Streams these pieces, then stays silent without ending (only for streamed requests). */
  | { kind: 'pieces-then-hang'; pieces: string[] };

export interface FakeRequest {
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
  authorization: string | undefined;
  /** True when the caller closed the connection before the answer ended. */
  closedByCaller: boolean;
}

/**
 * A real HTTP server on loopback that speaks OpenAI's Chat Completions protocol: JSON answers,
 * streamed answers as server-sent `chat.completion.chunk` events ending in [DONE], error statuses
 * and silence. It records every request it gets.
 */
export interface FakeChatService {
  /** The base URL to give as CHAT_API_URL (…/v1). */
  url: string;
  requests: FakeRequest[];
  /** Behaviours for the next requests, in order; after them every request gets the `always` one. */
  queue(...behaviours: FakeBehaviour[]): void;
  /** What every request gets once the queue is empty (an answer until set). */
  always(behaviour: FakeBehaviour): void;
  /** Forgets the requests, the queue and `always`. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeChatService(): Promise<FakeChatService> {
  const standard: FakeBehaviour = { kind: 'answer', text: 'Respuesta del modelo de prueba.' };
  let pending: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = standard;
  const open = new Set<http.ServerResponse>();
  const service = {} as FakeChatService;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const recorded: FakeRequest = {
        body: JSON.parse(raw) as FakeRequest['body'],
        authorization: req.headers.authorization,
        closedByCaller: false,
      };
      service.requests.push(recorded);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableFinished) recorded.closedByCaller = true;
      });
      const behaviour = pending.shift() ?? fallback;
      const delayMs = behaviour.kind === 'answer' ? (behaviour.delayMs ?? 0) : 0;
      if (delayMs > 0) setTimeout(() => respond(behaviour, recorded.body, res), delayMs);
      else respond(behaviour, recorded.body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(service, {
    url: `http://127.0.0.1:${port}/v1`,
    requests: [],
    queue: (...behaviours: FakeBehaviour[]) => pending.push(...behaviours),
    always: (behaviour: FakeBehaviour) => {
      fallback = behaviour;
    },
    reset() {
      pending = [];
      service.requests.length = 0;
      fallback = standard;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return service;
}

function respond(behaviour: FakeBehaviour, body: FakeRequest['body'], res: http.ServerResponse) {
  const id = 'chatcmpl-test';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, string>, finish: string | null = null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  switch (behaviour.kind) {
    case 'hang':
      return;
    case 'error':
      // retry-after-ms keeps the client's one retry quick in tests.
      res
        .writeHead(behaviour.status, { 'content-type': 'application/json', 'retry-after-ms': '10' })
        .end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
      return;
    case 'pieces-then-hang':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of behaviour.pieces) res.write(chunk({ content: piece }));
      return;
    case 'answer':
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk({ role: 'assistant', content: '' }));
        for (const piece of behaviour.text.match(/\S+\s*/g) ?? []) res.write(chunk({ content: piece }));
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
  }
}

/**
 * The fake service for a describe block, started before the test server: it fills CHAT_API_URL,
 * CHAT_MODEL and CHAT_API_KEY into `env`, the object given to useTestServer after this call.
 */
export function useFakeChatService(env: Record<string, string>): FakeChatService {
  const handle = {} as FakeChatService;
  beforeAll(async () => {
    Object.assign(handle, await startFakeChatService());
    Object.assign(env, { CHAT_API_URL: handle.url, CHAT_MODEL: 'galeno-test-model', CHAT_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

/**
 * A test server whose assistant is a fake OpenAI-compatible service: `env` adds to the server's
 * settings, and the service's address, model and key join them before the server starts.
 */
export function useServerWithFakeChat(kind: DialectName, env: Record<string, string> = {}): { fake: FakeChatService; server: TestServer } {
  const fake = useFakeChatService(env);
  const server = useTestServer(kind, { env });
  return { fake, server };
}

/** Parses a text/event-stream body into Galeno's chat events. */
export function parseEvents(text: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  for (const block of text.split('\n\n')) {
    const lines = block.split('\n');
    const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
    const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
    if (name && data) events.push({ event: name, data: JSON.parse(data) as unknown } as ChatStreamEvent);
  }
  return events;
}

export interface StreamResult {
  status: number;
  contentType: string | null;
  events: ChatStreamEvent[];
  body: unknown;
}

/**
 * Calls POST /api/chat/completions/stream. With `stopAfterDeltas`, the caller stops reading and
 * aborts the request after that many `delta` events, as the Stop button does.
 */
export async function streamChat(
  baseUrl: string,
  options: { token: string; body: unknown; language?: string; stopAfterDeltas?: number },
): Promise<StreamResult> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  if (options.language) headers['accept-language'] = options.language;
  const response = await fetch(`${baseUrl}/api/chat/completions/stream`, {
    method: 'POST',
    headers,
    body: JSON.stringify(options.body),
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream') || !response.body) {
    const text = await response.text();
    return { status: response.status, contentType, events: [], body: text ? JSON.parse(text) : undefined };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
    const deltas = parseEvents(text).filter((event) => event.event === 'delta').length;
    if (options.stopAfterDeltas !== undefined && deltas >= options.stopAfterDeltas) {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { status: response.status, contentType, events: parseEvents(text), body: undefined };
}

/** Waits until `check` passes (polling), for things that happen after a response was sent. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
