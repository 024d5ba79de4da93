import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenPayload } from '../../contracts/auth.ts';
import type { Role } from '../../contracts/roles.ts';
import { apiMessage } from '../../contracts/messages/index.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { ensurePrivateDir } from '../lib/private-files.ts';
import { requestLanguage } from '../lib/language.ts';
import { findSessionUser } from '../modules/auth/auth.repository.ts';
import { hasActiveSecondFactor } from '../modules/auth/second-factor.repository.ts';

/** Who may call a route: anyone, or a list of roles. Every /api route must declare it. */
export type Access = 'public' | readonly Role[];

/** The person behind a request, as the database says now (not as an old token claimed). */
export interface Actor {
  id_usuario: number;
  nombre_usuario: string;
  nombre: string;
  rol: Role;
  idioma: 'es' | 'ca' | 'en';
  id_paciente: number | null;
  id_doctor: number | null;
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
  interface FastifyRequest {
    actor: Actor | null;
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

export const authPlugin = fp(async (app: FastifyInstance) => {
  const secret = loadJwtSecret(app.config.jwtSecret, app.config.dataDir);
  await app.register(jwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: `${Math.round(app.config.tokenTtlHours * 3600)}s` },
    // A token seen before skips the signature check until its expiry (fast-jwt's cache, keyed by a
    // hash of the whole token); revocation is still checked against the database on every request.
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
    const actor = access === 'public' ? await authenticate(app, request, false).catch(() => null) : await authenticate(app, request, true);
    request.actor = actor;
    if (access === 'public' || !actor) return;
    if (!access.includes(actor.rol)) {
      throw forbidden(apiMessage('sin_permiso', requestLanguage(request)), 'sin_permiso');
    }
    await refuseWithoutSecondFactor(app, request, actor);
  });
});

/**
 * MFA_REQUIRED_ROLES (issue 12): a user of such a role without a second factor may only enrol
 * and log out; everything else answers 403 `mfa_requerido`, which sends the web to enrolment.
 */
async function refuseWithoutSecondFactor(app: FastifyInstance, request: FastifyRequest, actor: Actor): Promise<void> {
  if (!app.config.mfaRequiredRoles.includes(actor.rol) || request.routeOptions.config?.mfaExempt) return;
  if (await hasActiveSecondFactor(app.db, actor.id_usuario)) return;
  throw forbidden(apiMessage('mfa_requerido', requestLanguage(request)), 'mfa_requerido');
}

async function authenticate(app: FastifyInstance, request: FastifyRequest, required: boolean): Promise<Actor | null> {
  const language = requestLanguage(request);
  const header = request.headers.authorization;
  if (!header) {
    if (required) throw unauthorized(apiMessage('no_autenticado', language), 'no_autenticado');
    return null;
  }
  const invalid = () => unauthorized(apiMessage('token_invalido', language), 'token_invalido');
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw invalid();
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch {
    throw invalid();
  }
  const user = await findSessionUser(app.db, payload.id_usuario);
  if (!user || user.activo !== 1 || user.version_token !== payload.tv) throw invalid();
  return {
    id_usuario: user.id_usuario,
    nombre_usuario: user.nombre_usuario,
    nombre: user.nombre,
    rol: user.rol,
    idioma: user.idioma,
    id_paciente: user.id_paciente,
    id_doctor: user.id_doctor,
  };
}
