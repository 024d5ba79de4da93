import type { FastifyRequest } from 'fastify';
import type { Language } from '../../contracts/messages/index.ts';
import type { Actor } from '../plugins/auth.ts';
import { actorOf } from './access.ts';
import { requestLanguage } from './language.ts';

/** Who is asking, in which language, from where: what a service needs besides the input. */
export interface Caller {
  actor: Actor;
  language: Language;
  ip: string;
}

export function callerOf(request: FastifyRequest): Caller {
  return { actor: actorOf(request), language: requestLanguage(request), ip: request.ip };
}
