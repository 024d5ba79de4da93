import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/messages/index.ts';

/** The first es/ca/en tag the client accepts, or undefined when it names none of them. */
export function acceptedLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(tag)) return tag;
  }
  return undefined;
}

/** The language of an answer: the first es/ca/en tag the client accepts, Spanish otherwise. */
export function requestLanguage(request: FastifyRequest): Language {
  return acceptedLanguage(request) ?? DEFAULT_LANGUAGE;
}
