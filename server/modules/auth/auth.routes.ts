import { ROLES } from '../../../contracts/roles.ts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cambioContrasenaSchema,
  loginResponseSchema,
  loginSchema,
  registroPacienteSchema,
  usuarioSesionSchema,
} from '../../../contracts/auth.ts';
import { errorBody } from '../../../contracts/common.ts';
import { loginCodeSchema, loginTicketSchema } from '../../../contracts/second-factor.ts';
import {
  cerrarSesionesSchema,
  sesionesCerradasSchema,
  sesionIdParam,
  sesionSchema,
} from '../../../contracts/sessions.ts';
import { callerOf, visitorOf } from '../../lib/request-context.ts';
import { limitPerAddressPerHour } from '../../plugins/address-limit.ts';
import { createAuthService } from './auth.service.ts';
import { MemoryThrottleStore, RedisThrottleStore } from './login-throttle.ts';
import { passwordGuard } from './password-guard.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { createSecondFactorService } from './second-factor.service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { login } = app.config;
  const throttle = app.redis
    ? new RedisThrottleStore(app.redis, `${app.config.redisPrefix}:login`)
    : new MemoryThrottleStore();
  const secondFactor = createSecondFactorService(app, passwordGuard(app, throttle), throttle);
  const service = createAuthService(app, throttle, secondFactor);

  await app.register(async (plugin) => {
    const limited = plugin.withTypeProvider<ZodTypeProvider>();
    await limitPerAddressPerHour(plugin, 'registro', app.config.signupsPerHourPerAddress);
    limited.post(
      '/registro-paciente',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Self-registration of a patient (limited per address and hour)',
          body: registroPacienteSchema,
          response: {
            201: z.object({ id_usuario: z.number(), id_paciente: z.number() }),
            400: errorBody,
            409: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => reply.status(201).send(await service.registerPatient(visitorOf(request), request.body)),
    );
  });

  await app.register(async (plugin) => {
    const throttled = plugin.withTypeProvider<ZodTypeProvider>();
    // Per address, generous enough for a whole clinic behind one NAT; the per-account lock is stricter.
    await throttled.register(rateLimit, {
      max: login.maxPerMinutePerAddress,
      timeWindow: '1 minute',
      ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:login-ip:` } : {}),
    });
    throttled.post(
      '/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Log in with username (or e-mail) and password',
          description:
            'With a second factor on, the right password answers a ticket (`segundo_factor_requerido`) instead of a token: ' +
            'send it with a code to POST /api/login/codigo.',
          body: loginSchema,
          response: {
            200: z.union([loginResponseSchema, loginTicketSchema]),
            400: errorBody,
            401: errorBody,
            429: errorBody,
          },
        },
      },
      async (request) => service.login(visitorOf(request), request.body, request.headers['user-agent']),
    );
    throttled.post(
      '/login/codigo',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Second step of log-in: the ticket and a code from the app, or a recovery code (each works once)',
          body: loginCodeSchema,
          response: { 200: loginResponseSchema, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request) => service.loginWithCode(visitorOf(request), request.body, request.headers['user-agent']),
    );
  });

  await app.register(secondFactorRoutes, { service: secondFactor });

  // A reset proves the owner by e-mail, so it also lifts a lock left by failed log-ins.
  await app.register(passwordResetRoutes, {
    onPasswordReset: (caller, account) => service.passwordWasReset(caller, account.id_usuario),
  });

  app.get(
    '/auth/me',
    {
      config: { access: ROLES, mfaExempt: true },
      schema: { tags: ['auth'], summary: 'The logged-in user', response: { 200: usuarioSesionSchema, 401: errorBody } },
    },
    async (request) => {
      const { actor } = callerOf(request);
      return {
        id_usuario: actor.id_usuario,
        nombre: actor.nombre,
        nombre_usuario: actor.nombre_usuario,
        rol: actor.rol,
        id_paciente: actor.id_paciente,
        id_doctor: actor.id_doctor,
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: ROLES, mfaExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Ends this session (other devices stay logged in)',
        response: { 204: z.null(), 401: errorBody },
      },
    },
    async (request, reply) => {
      await service.logout(callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/sesiones',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'My live sessions, this one marked',
        response: { 200: z.array(sesionSchema), 401: errorBody },
      },
    },
    async (request) => service.listSessions(callerOf(request)),
  );

  app.delete(
    '/auth/sesiones/:id',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Ends one of my sessions',
        params: z.object({ id: sesionIdParam }),
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.endOwnSession(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sesiones/cerrar-todas',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Ends all my other sessions (and this one with incluir_actual)',
        body: cerrarSesionesSchema,
        response: { 200: sesionesCerradasSchema, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => service.endAllSessions(callerOf(request), request.body),
  );

  app.put(
    '/auth/contrasena',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Change my password (ends my other sessions)',
        body: cambioContrasenaSchema,
        response: { 200: loginResponseSchema, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => service.changePassword(callerOf(request), request.body, request.headers['user-agent']),
  );
};
