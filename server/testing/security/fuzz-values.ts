import fc from 'fast-check';

/** A JSON schema as the OpenAPI document (/api/docs) describes a route's input. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Strings an attacker or a broken client sends. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a'.repeat(100_000),
  'a'.repeat(500),
  'nul\u0000byte',
  '\u0000',
  "' OR '1'='1' --",
  '1; DROP TABLE usuarios; --',
  '"; SELECT pg_sleep(1); --',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '\ud800',
  '😀'.repeat(50),
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e400',
  '2147483648',
  '99999999999999999999',
  '0x10',
  ' 7 ',
  '2026-02-30',
  '9999-99-99',
  '25:61',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
] as const;

const HOSTILE_NUMBERS = [0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE] as const;

/** Nested `depth` levels deep: arrays or objects. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Any JSON value of a wrong kind: strings, numbers, booleans, null, arrays, objects, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(true, false, null),
  fc.constantFrom<unknown>([], {}, [null], { __proto__: { admin: true } }, { constructor: { prototype: { admin: true } } }),
  fc.constantFrom(nested(200, 'array'), nested(200, 'object')),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value valid (or nearly) for the schema: what a correct client would send, with its edge cases. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  const base = baseFromSchema(schema, depth);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function baseFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFromSchema(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -(2 ** 40);
      const max = schema.maximum ?? 2 ** 40;
      const low = schema.exclusiveMinimum === true ? min + 1 : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : min;
      const integers = fc.oneof(
        fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
        fc.constantFrom(low, Math.min(max, Number.MAX_SAFE_INTEGER), Math.min(max, 2 ** 31), Math.min(max, 2 ** 31 - 1)),
      );
      return type === 'integer' ? integers : fc.oneof(integers, fc.double({ min: low, max: Math.min(max, 1e12), noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = fromSchema(property, depth + 1);
      if (Object.keys(record).length === 0) return fc.constant({});
      return fc.record(record, { requiredKeys: Object.keys(record).filter((name) => required.has(name)) });
    }
  }
}

function stringFromSchema(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 60;
  const minLength = schema.minLength ?? 0;
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= Math.max(maxLength, minLength));
    } catch {
      // A pattern fast-check cannot invert: fall back to plain text.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.min(maxLength, 60) }),
    fc.constant('x'.repeat(Math.min(maxLength + 1, 200_000))),
    fc.constant('x'.repeat(minLength)),
  );
}

/** A schema-shaped object with one of its fields (or a new one) replaced by a hostile value. */
export function withOneHostileField(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const names = Object.keys(schema?.properties ?? {});
  return fc.tuple(fromSchema(schema), fc.constantFrom(...names, '__proto__', 'extra'), hostileValue).map(([value, name, hostile]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return { ...value, [name]: hostile };
  });
}

/** Text for a URL (a path parameter or a query value), from the schema or hostile. */
export function urlValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fromSchema(schema).map((value) => (typeof value === 'string' ? value : JSON.stringify(value))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length < 1000)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );
}
