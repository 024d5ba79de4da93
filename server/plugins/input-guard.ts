import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/errors.ts';
import { requestLanguage } from '../lib/language.ts';

/**
 * Refuses text with a NUL character anywhere in a request's body, query or path, before any
 * schema or database sees it. No field of the clinic holds one, and PostgreSQL cannot store it
 * (SQLite would, and then truncate it in places): one rule here keeps both databases alike.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const parts = { body: request.body, query: request.query, params: request.params };
    for (const [part, value] of Object.entries(parts)) {
      const field = firstNulField(value);
      if (field === undefined) continue;
      throw fail(400, 'validacion', requestLanguage(request), { message: 'caracteres_no_validos', field: field || part });
    }
  });
});

/**
 * The dotted path of the first string (value or key) holding a NUL ('' for the value itself), or
 * undefined; iterative, so deeply nested input cannot overflow the stack.
 */
export function firstNulField(root: unknown): string | undefined {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path.slice(1);
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      if (key.includes('\u0000')) return childPath.slice(1);
      pending.push([child, childPath]);
    }
  }
  return undefined;
}
