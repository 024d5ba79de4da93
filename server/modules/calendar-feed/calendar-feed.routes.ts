import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarioParams, enlaceCalendarioSchema } from '../../../contracts/calendar-feed.ts';
import { errorBody } from '../../../contracts/common.ts';
import { fail } from '../../lib/errors.ts';
import { callerOf, visitorOf } from '../../lib/request-context.ts';
import { requestLanguage } from '../../lib/language.ts';
import { throttleAddress } from '../../lib/address.ts';
import { createCalendarFeedService, FEED_REFRESH_MINUTES } from './calendar-feed.service.ts';

const doctors = { access: ['doctor'] } as const;
/** Per address: calendar apps look every hour or so; a guesser needs far more than this. */
const FEED_READS_PER_ADDRESS = { max: 60, timeWindow: '1 minute' };

/** The doctor's calendar subscription address and the feed behind it. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCalendarFeedService(app);
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => throttleAddress(request.ip),
    ...(app.redis ? { redis: app.redis, nameSpace: `${app.config.redisPrefix}:feed-ip:` } : {}),
    errorResponseBuilder: (request, context) =>
      fail(429, 'demasiadas_solicitudes', requestLanguage(request), {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });

  app.get(
    '/doctor/calendario',
    {
      config: doctors,
      schema: {
        tags: ['doctores'],
        summary: "Whether the doctor has a live calendar subscription address, and since when (the address itself is shown only when made)",
        response: { 200: enlaceCalendarioSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => service.status(callerOf(request)),
  );

  app.post(
    '/doctor/calendario',
    {
      config: doctors,
      schema: {
        tags: ['doctores'],
        summary: 'Makes a new calendar subscription address for the doctor; the previous one stops working',
        response: { 201: enlaceCalendarioSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), originOf(request))),
  );

  app.delete(
    '/doctor/calendario',
    {
      config: doctors,
      schema: {
        tags: ['doctores'],
        summary: "Revokes the doctor's calendar subscription address",
        response: { 204: z.null(), 401: errorBody, 403: errorBody },
      },
    },
    async (request, reply) => {
      await service.revoke(callerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/calendario/:token',
    {
      config: { access: 'public', rateLimit: FEED_READS_PER_ADDRESS },
      schema: {
        tags: ['doctores'],
        summary: "A doctor's visits as an iCalendar feed for calendar apps, by its secret address (patient initials and visit type only)",
        params: calendarioParams,
        produces: ['text/calendar'],
        response: { 200: z.any().describe('An iCalendar feed'), 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const ics = await service.feed(visitorOf(request), request.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .headers({
          // Private: the address is a secret, so no shared cache may keep it; apps look again hourly.
          'cache-control': `private, max-age=${Math.round((FEED_REFRESH_MINUTES * 60) / 4)}`,
          'x-robots-tag': 'noindex, nofollow',
          'referrer-policy': 'no-referrer',
          'content-disposition': 'inline; filename="galeno.ics"',
        })
        .send(Buffer.from(ics, 'utf8'));
    },
  );
};
