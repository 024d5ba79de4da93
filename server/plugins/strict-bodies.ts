import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Validates every request part with its zod schema, and a JSON body's top-level object refuses a
 * field its schema does not name. Zod would drop it silently: a client writing `motivo_rechazo`
 * for `motivo` saved a rejection without its reason and was told it had worked.
 */
export const strictBodiesValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(
    route.httpPart === 'body' && route.schema instanceof z.ZodObject ? { ...route, schema: route.schema.strict() } : route,
  );
