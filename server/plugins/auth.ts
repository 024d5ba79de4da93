import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenPayload } from '../../contracts/auth.ts';
import type { Role } from '../../contracts/roles.ts';
import type { ApiCode } from '../../contracts/messages/index.ts';
import { fail } from '../lib/errors.ts';
import { ensurePrivateDir } from '../lib/private-files.ts';
import { requestLanguage } from '../lib/language.ts';
import type { Actor } from '../lib/request-context.ts';
import type { MotivoFinSesion } from '../db/schema/index.ts';

/** A session's last use is written at most this often (no write on every request). */
const TOUCH_EVERY_MS = 60_000;

/** What the client is told when a token's session has ended, by why it ended. */
const ENDED_CODE: Record<MotivoFinSesion, 'sesion_cerrada' | 'sesion_cerrada_admin' | 'sesion_caducada'> = {
  salida: 'sesion_cerrada',
  usuario: 'sesion_cerrada',
  contrasena: 'sesion_cerrada',
  admin: 'sesion_cerrada_admin',
  cuenta: 'sesion_cerrada_admin',
  inactividad: 'sesion_caducada',
};

/** Who may call a route: anyone, or a list of roles. Every /api route must declare it. */
export type Access = 'public' | readonly Role[];

/** A token's user and session as the database holds them now. */
export interface RequestUser extends Omit<Actor, 'id_sesion'> {
  activo: number;
  ultimo_uso: string;
  terminada_en: string | null;
  motivo: MotivoFinSesion | null;
  /** 1 when this session passed the second factor (its log-in, or the enrolment made in it). */
  segundo_factor: number;
}

/**
 * What the plugin reads and writes about sessions. The auth module owns those tables and hands
 * this in (server/app.ts), so plugins never import a module.
 */
export interface RequestSessions {
  /** The user and the token's session together, in one round trip (the hot path). */
  find(id_usuario: number, id_sesion: string): Promise<RequestUser | undefined>;
  touch(id_sesion: string, now: string): Promise<void>;
  endIdle(id_sesion: string, now: string): Promise<void>;
  /** Minutes a session of this role may go unused (0: no limit). */
  idleMinutes(rol: Role): number;
  hasActiveSecondFactor(id_usuario: number): Promise<boolean>;
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access: the authorization matrix test reads it. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** Open to a user whose role requires a second factor they have not set up (enrolment, log-out). */
    mfaExempt?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<TokenPayload, 'exp' | 'iat'>;
    user: TokenPayload;
  }
}

/** The signing secret: JWT_SECRET, or one generated at first start and kept in the data folder. */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    ensurePrivateDir(dataDir);
    const secret = randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another instance wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

export const authPlugin = fp(async (app: FastifyInstance, { sessions }: { sessions: RequestSessions }) => {
  const secret = loadJwtSecret(app.config.jwtSecret, app.config.dataDir);
  await app.register(jwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: `${Math.round(app.config.tokenTtlHours * 3600)}s` },
    // A token seen before skips the signature check until its expiry (fast-jwt's cache, keyed by a
    // hash of the whole token). It caches the signature only: whether the token's session is still
    // live is read from the database on every request, so an ended session never lives on here.
    verify: { algorithms: ['HS256'], cache: true },
  });
  app.decorateRequest('actor', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${url} does not declare who may call it (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return;
    // A public route answers everyone alike: a stale or broken token from a client's interceptor
    // makes the caller anonymous there, never a 401 (log-in, registration, contact, specialties).
    const signedIn =
      access === 'public'
        ? await authenticate(app, sessions, request, false).catch(() => null)
        : await authenticate(app, sessions, request, true);
    const actor = signedIn?.actor ?? null;
    request.actor = actor;
    if (access === 'public' || !signedIn || !actor) return;
    if (!access.includes(actor.rol)) {
      throw fail(403, 'sin_permiso', requestLanguage(request));
    }
    await refuseWithoutSecondFactor(app, sessions, request, signedIn);
  });
});

/**
 * MFA_REQUIRED_ROLES: a session of such a role that did not pass a second factor (its log-in took
 * none, or the owner enrolled in another session) may only enrol and log out; everything else
 * answers 403 `mfa_requerido`, which sends the web to enrolment. A session is as strong as the
 * steps it passed, whatever the account has turned on since.
 */
async function refuseWithoutSecondFactor(
  app: FastifyInstance,
  sessions: RequestSessions,
  request: FastifyRequest,
  { actor, secondFactor }: SignedIn,
): Promise<void> {
  if (!app.config.mfaRequiredRoles.includes(actor.rol) || request.routeOptions.config?.mfaExempt) return;
  if (secondFactor && (await sessions.hasActiveSecondFactor(actor.id_usuario))) return;
  throw fail(403, 'mfa_requerido', requestLanguage(request));
}

interface SignedIn {
  actor: Actor;
  /** The session passed the second factor. */
  secondFactor: boolean;
}

async function authenticate(
  app: FastifyInstance,
  sessions: RequestSessions,
  request: FastifyRequest,
  required: boolean,
): Promise<SignedIn | null> {
  const language = requestLanguage(request);
  const header = request.headers.authorization;
  if (!header) {
    if (required) throw fail(401, 'no_autenticado', language);
    return null;
  }
  const invalid = () => fail(401, 'token_invalido', language);
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw invalid();
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch {
    throw invalid();
  }
  if (typeof payload.sid !== 'string' || typeof payload.id_usuario !== 'number') throw invalid();
  // One round trip: the user and the token's session together (the hot path).
  const user = await sessions.find(payload.id_usuario, payload.sid);
  if (!user) throw invalid();
  const ended = (code: ApiCode) => fail(401, code, language);
  if (user.terminada_en !== null) throw ended(ENDED_CODE[user.motivo ?? 'salida']);
  if (user.activo !== 1) throw invalid();
  const now = app.clock.now();
  const lastUse = Date.parse(user.ultimo_uso);
  const idleMinutes = sessions.idleMinutes(user.rol);
  if (idleMinutes > 0 && now.getTime() - lastUse > idleMinutes * 60_000) {
    await sessions.endIdle(payload.sid, now.toISOString());
    throw ended('sesion_caducada');
  }
  if (now.getTime() - lastUse >= TOUCH_EVERY_MS) await sessions.touch(payload.sid, now.toISOString());
  const actor: Actor = {
    id_usuario: user.id_usuario,
    nombre_usuario: user.nombre_usuario,
    nombre: user.nombre,
    rol: user.rol,
    idioma: user.idioma,
    id_paciente: user.id_paciente,
    id_doctor: user.id_doctor,
    id_sesion: payload.sid,
  };
  return { actor, secondFactor: user.segundo_factor === 1 };
}
