import { ROLES } from '../../../contracts/roles.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../contracts/common.ts';
import {
  enrolmentConfirmSchema,
  enrolmentSchema,
  enrolmentStartSchema,
  passwordAndCodeSchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
} from '../../../contracts/second-factor.ts';
import { callerOf } from '../../lib/request-context.ts';
import type { SecondFactorService } from './second-factor.service.ts';

const MEMBERS = ROLES;

/**
 * The user's own second factor. Enrolment stays open to a user whose role requires
 * a factor they do not have yet (`mfaExempt`): it is the one thing they may do besides logging out.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ service: SecondFactorService }> = async (app, { service }) => {

  app.get(
    '/auth/segundo-factor',
    {
      config: { access: MEMBERS, mfaExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether my second factor is on, whether my role requires it, and recovery codes left',
        response: { 200: secondFactorStatusSchema, 401: errorBody },
      },
    },
    async (request) => {
      return service.status(callerOf(request));
    },
  );

  app.post(
    '/auth/segundo-factor/inicio',
    {
      config: { access: MEMBERS, mfaExempt: true },
      schema: {
        tags: ['auth'],
        summary: 'Start enrolling an authenticator app (after my password): a new secret, its QR code and URI',
        body: enrolmentStartSchema,
        response: { 200: enrolmentSchema, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.start(callerOf(request), request.body),
  );

  app.post(
    '/auth/segundo-factor/confirmacion',
    {
      config: { access: MEMBERS, mfaExempt: true },
      schema: {
        tags: ['auth'],
        summary: "Turn the second factor on with the app's first code; answers the recovery codes, shown once",
        body: enrolmentConfirmSchema,
        response: { 200: recoveryCodesSchema, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.confirm(callerOf(request), request.body),
  );

  app.post(
    '/auth/segundo-factor/codigos',
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes (the old ones stop working), after my password and a code',
        body: passwordAndCodeSchema,
        response: { 200: recoveryCodesSchema, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => service.regenerateRecoveryCodes(callerOf(request), request.body),
  );

  app.post(
    '/auth/segundo-factor/desactivacion',
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['auth'],
        summary: 'Turn my second factor off, after my password and a code (a role that requires it must then enrol again)',
        body: passwordAndCodeSchema,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await service.disable(callerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
