import type { FastifyRequest } from 'fastify';
import type { Role } from '../../contracts/roles.ts';
import type { Language } from '../../contracts/messages/index.ts';
import { requestLanguage } from './language.ts';
import { fail } from './errors.ts';

/** The person behind a request, as the database says now (not as an old token claimed). */
export interface Actor {
  id_usuario: number;
  nombre_usuario: string;
  nombre: string;
  rol: Role;
  idioma: 'es' | 'ca' | 'en';
  id_paciente: number | null;
  id_doctor: number | null;
  /** The session the request's token belongs to. */
  id_sesion: string;
}

/**
 * Who is asking, in which language, from where: what a service needs besides the input. Every
 * service method takes it first. On a public route nobody may be signed in: `Caller<Actor | null>`.
 */
export interface Caller<A extends Actor | null = Actor> {
  actor: A;
  language: Language;
  /** The client's network address (as Fastify reads it, behind a trusted proxy too). */
  address: string;
}

/** A caller of a public route: signed in or not. */
export type Visitor = Caller<Actor | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin on every /api route: null when nobody is signed in. */
    actor: Actor | null;
  }
}

/** The caller of a route that declared roles (the auth hook has already checked them). */
export function callerOf(request: FastifyRequest): Caller {
  const language = requestLanguage(request);
  if (!request.actor) throw fail(401, 'no_autenticado', language);
  return { actor: request.actor, language, address: request.ip };
}

/** The caller of a public route, signed in or not. */
export function visitorOf(request: FastifyRequest): Visitor {
  return { actor: request.actor, language: requestLanguage(request), address: request.ip };
}
