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
      ...documentedExchange(schema, input.schema),
      operationId: schema.operationId ?? operationIdOf(method, input.url),
      security: access === 'public' ? [] : [{ bearer: [] }],
      description: [schema.description, accessText(access)].filter(Boolean).join('\n\n'),
    },
  };
};

type JsonSchema = Record<string, unknown>;
type RouteSchema = FastifySchema & { produces?: readonly string[]; consumes?: readonly string[] };

/** The error answer every refusal has (contracts/common.ts errorBody), for the few a route does not declare. */
const ERROR_BODY: JsonSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
    errores: { type: 'array', items: { type: 'object', properties: { campo: { type: 'string' }, mensaje: { type: 'string' } }, required: ['campo', 'mensaje'] } },
  },
  required: ['detail', 'code'],
};

const PAGE_HEADERS: JsonSchema = {
  'X-Total-Count': { type: 'integer', minimum: 0, description: 'How many items the whole list holds' },
  'X-Total-Count-Approximate': { type: 'string', enum: ['true'], description: 'Sent when X-Total-Count is a lower bound (a search stops counting)' },
  Link: {
    type: 'string',
    description: 'The first, previous, next and last pages (RFC 8288: rel="first", "prev", "next", "last"), with the same filters',
  },
};
const RETRY_AFTER: JsonSchema = { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again' } };

/**
 * What the document says about a route's exchange beyond its JSON schemas, so generated clients
 * type it as it is on the wire: an upload's multipart body (the file in `archivo`), a 204 with no
 * content, a download's bytes while its refusals stay JSON, the paging and Retry-After headers,
 * and the 400 every route may answer (the input guard refuses a NUL character in any query).
 */
function documentedExchange(schema: RouteSchema, declared: FastifySchema | undefined): Partial<RouteSchema> {
  const result: Partial<RouteSchema> = {};
  if (schema.consumes?.includes('multipart/form-data')) {
    result.body = {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { archivo: { type: 'string', format: 'binary', description: 'The file' } },
            required: ['archivo'],
          },
        },
      },
    };
  }
  const responses = { ...((schema.response ?? {}) as Record<string, JsonSchema>) };
  const produces = schema.produces?.filter((type) => !type.includes('json')) ?? [];
  const paged = hasQueryField(declared, 'pagina');
  if (!Object.keys(responses).some((status) => status.startsWith('4'))) responses['400'] = ERROR_BODY;
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    const description = typeof response.description === 'string' ? response.description : undefined;
    if (code === 204) {
      responses[status] = { type: 'null', description: description ?? 'Done: no content' };
      continue;
    }
    let documented: JsonSchema = response;
    if (code >= 400) {
      // Refusals are JSON whatever the route sends when it succeeds.
      if (produces.length > 0) documented = { description: description ?? 'Refused', content: { 'application/json': { schema: response } } };
      if (code === 429) documented = { ...documented, headers: RETRY_AFTER };
    } else if (produces.length > 0) {
      const body = (type: string) => (type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' });
      documented = { description: description ?? 'The content', content: Object.fromEntries(produces.map((type) => [type, { schema: body(type) }])) };
    } else if (paged && code === 200) {
      documented = { ...response, headers: PAGE_HEADERS };
    }
    responses[status] = documented;
  }
  result.response = responses;
  return result;
}

/** Whether a route's query schema (zod, before its conversion) names `field`. */
function hasQueryField(declared: FastifySchema | undefined, field: string): boolean {
  const query = declared?.querystring as { shape?: Record<string, unknown> } | undefined;
  return query?.shape !== undefined && field in query.shape;
}

