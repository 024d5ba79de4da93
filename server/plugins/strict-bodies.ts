import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A JSON body's top-level object refuses a field its schema does not name. Zod would drop it
 * silently: a client writing `motivo_rechazo` for `motivo` declined a request without its reason
 * and was told it had worked (decision 0113). Other schemas are returned as they are.
 */
export function strictBody<T>(schema: T): T {
  if (schema instanceof z.ZodObject) return schema.strict() as T;
  // A body that may be left out (`.default({...})`) is strict inside its default.
  if (schema instanceof z.ZodDefault) {
    const inner = schema.unwrap();
    if (inner instanceof z.ZodObject) return inner.strict().default(schema.def.defaultValue as Record<string, unknown>) as T;
  }
  return schema;
}

/** Validates every request part with its zod schema, the body strictly. */
export const strictBodiesValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictBody(route.schema) } : route);
