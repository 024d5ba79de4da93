import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  comprobacionRestablecimientoResponseSchema,
  comprobacionRestablecimientoSchema,
  restablecimientoSchema,
  solicitudRestablecimientoSchema,
} from '../../../contracts/auth.ts';
import { errorBody } from '../../../contracts/common.ts';
import { visitorOf } from '../../lib/request-context.ts';
import { createPasswordResetService, type PasswordResetHooks } from './password-reset.service.ts';

/** Per address: a person who forgot a password asks a few times, not dozens. */
const REQUESTS_PER_ADDRESS = { max: 10, timeWindow: '15 minutes' };
/** Checking links and setting passwords: a page load or two per attempt. */
const LINK_USES_PER_ADDRESS = { max: 30, timeWindow: '15 minutes' };

/** 'Forgot password': a single-use link by e-mail. */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetHooks> = async (app, hooks) => {
  const service = createPasswordResetService(app, hooks);
  app.addHook('onClose', async () => service.settled());

  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:reset-ip:` } : {}),
  });

  app.post(
    '/recuperar-contrasena',
    {
      config: { access: 'public', rateLimit: REQUESTS_PER_ADDRESS },
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link to an account (the answer is the same whether it exists or not)',
        body: solicitudRestablecimientoSchema,
        response: { 202: z.object({ detail: z.string() }), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => reply.status(202).send(service.requestReset(visitorOf(request), request.body)),
  );

  app.post(
    '/restablecer-contrasena/comprobar',
    {
      config: { access: 'public', rateLimit: LINK_USES_PER_ADDRESS },
      schema: {
        tags: ['auth'],
        summary: 'Whether a password reset link can still be used',
        body: comprobacionRestablecimientoSchema,
        response: { 200: comprobacionRestablecimientoResponseSchema, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => service.checkLink(visitorOf(request), request.body),
  );

  app.post(
    '/restablecer-contrasena',
    {
      config: { access: 'public', rateLimit: LINK_USES_PER_ADDRESS },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (ends every session of the account)',
        body: restablecimientoSchema,
        response: { 204: z.null(), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await service.resetPassword(visitorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
