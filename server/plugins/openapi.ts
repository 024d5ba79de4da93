import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './auth.ts';
import { strictBody } from './strict-bodies.ts';

type Transform = typeof jsonSchemaTransform;

/** `GET /api/archivos/:id_archivo` -> `getArchivosByIdArchivo`: a stable, unique name per operation. */
export function operationIdOf(method: string, url: string): string {
  const camel = (text: string) =>
    text.replace(/[^A-Za-z0-9]+(.)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase());
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => (segment.startsWith(':') ? `By${capital(camel(segment.slice(1)))}` : capital(camel(segment))));
  return method.toLowerCase() + words.join('');
}

/** Who may call an operation, as said in its description. */
function accessText(access: Access): string {
  return access === 'public'
    ? 'Access: public (no token needed).'
    : `Access: bearer token of the roles ${access.join(', ')}.`;
}

/**
 * Completes each operation of the OpenAPI document from the route itself: its security
 * (the bearer scheme, or none for public routes), the roles in its description and an operationId.
 */
export const openApiTransform: Transform = (input) => {
  // The document says what the validator does: a body's unknown top-level field is refused.
  const body = input.schema?.body;
  const transformed = jsonSchemaTransform(body ? { ...input, schema: { ...input.schema, body: strictBody(body) } } : input);
  const route = input.route as RouteOptions & { config?: { access?: Access } };
  const access = route.config?.access;
  if (access === undefined) return transformed;
  const schema = transformed.schema as FastifySchema & {
    description?: string;
    operationId?: string;
    security?: unknown;
  };
  const method = [route.method].flat()[0] ?? 'GET';
  return {
    ...transformed,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: access === 'public' ? [] : [{ bearer: [] }],
      description: [schema.description, accessText(access)].filter(Boolean).join('\n\n'),
    },
  };
};
