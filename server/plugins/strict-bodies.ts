import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A JSON body's top-level object refuses a field its schema does not name. Zod would drop it
 * silently: a client writing `motivo_rechazo` for `motivo` declined a request without its reason
 * and was told it had worked (decision 0113). Other schemas are returned as they are.
 */
export const strictBody = <T>(schema: T): T => (schema instanceof z.ZodObject ? (schema.strict() as T) : schema);

/** Validates every request part with its zod schema, the body strictly. */
export const strictBodiesValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictBody(route.schema) } : route);
