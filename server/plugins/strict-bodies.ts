import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A JSON body refuses a field its schema does not name, at any depth: in the body itself, in an
 * object it holds, in each item of a list it holds. Zod would drop it silently: a client writing
 * `motivo_rechazo` for `motivo` declined a request without its reason and was told it had worked.
 * Each schema keeps its own rules (refinements, limits, defaults); other kinds of
 * schema are returned as they are.
 */
export function strictBody<T>(schema: T): T {
  return strict(schema as z.ZodType) as T;
}

function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(Object.entries(schema.shape as z.ZodRawShape).map(([key, field]) => [key, strict(field as z.ZodType)]));
    // safeExtend keeps the object's refinements, which extend refuses to carry.
    return schema.safeExtend(shape).strict();
  }
  if (schema instanceof z.ZodArray) return schema.clone({ ...schema.def, element: strict(schema.element as z.ZodType) });
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  // A body that may be left out (`.default({...})`) is strict inside its default.
  if (schema instanceof z.ZodDefault) return strict(schema.unwrap() as z.ZodType).default(schema.def.defaultValue as never);
  return schema;
}

/** Validates every request part with its zod schema, the body strictly. */
export const strictBodiesValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictBody(route.schema) } : route);
