import { inspect } from 'node:util';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../contracts/roles.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../test-server.ts';
import { fromSchema, hostileValue, urlValue, withOneHostileField, type JsonSchema } from './fuzz-values.ts';
import { multipartFile, PDF_BYTES } from './world.ts';

/**
 * Property-based fuzzing of every /api endpoint from its own schema (the OpenAPI document the
 * validators are built from), plus hostile values: whatever arrives, the answer is never a 5xx,
 * and every refusal is JSON with a `detail`.
 */

/** Random cases per endpoint and database, after the fixed hostile ones: bounded so the suite adds seconds. */
export const RANDOM_CASES_PER_ENDPOINT = 20;

const HOSTILE_CASES = 6;

/** How many tests share the endpoints among them (see the test), each with its own time budget. */
const PARTS = 6;

interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface FuzzCase {
  role: Role | 'anonymous';
  path: Record<string, string>;
  query: string;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string | Buffer; contentType: string }
    | { kind: 'multipart'; filename: string; bytes: Buffer; field: string };
}

const RAW_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"texto"',
  '12',
  'nul\u0000',
  '{"motivo":"a\u0000b"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(100_000),
  // Deeper than JSON.stringify itself can go: only text can carry it.
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  '{"a":'.repeat(20_000),
  '\ufeff{}',
  '',
];
const TOO_LARGE = JSON.stringify({ texto: 'x'.repeat(2 * 1024 * 1024) });
const OTHER_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'];

const filenames = fc.oneof(
  fc.constantFrom('informe.pdf', '../../etc/passwd', 'a\u0000.pdf', '<script>.pdf', '"quoted".pdf', 'x'.repeat(5000), '', '.', 'con.pdf'),
  fc.string({ maxLength: 40 }),
);
const fileBytes = fc.oneof(
  fc.constant(PDF_BYTES),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.from('MZ\x90\x00 not a document', 'latin1')),
);

function caseArbitrary(roles: (Role | 'anonymous')[], operation: Operation | undefined, method: string, multipart: boolean): fc.Arbitrary<FuzzCase> {
  const parameters = operation?.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;

  const path = fc.record(Object.fromEntries(pathParams.map((parameter) => [parameter.name, urlValue(parameter.schema)])));
  const validQuery = fc
    .record(Object.fromEntries(queryParams.map((parameter) => [parameter.name, urlValue(parameter.schema)])), {
      requiredKeys: queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    })
    .map((values) => new URLSearchParams(values as Record<string, string>).toString());
  const query = fc.oneof(
    { weight: 4, arbitrary: validQuery },
    { weight: 1, arbitrary: fc.tuple(validQuery, urlValue(undefined)).map(([text, extra]) => `${text}&${text}&x=${encodePathValue(extra)}`) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%00', 'a[b]=1&a[c]=2', '__proto__[admin]=1', `q=${'x'.repeat(10_000)}`, '&&&=', 'pagina=1&pagina=2') },
  );

  const bodies: fc.WeightedArbitrary<FuzzCase['body']>[] = [];
  if (multipart) {
    bodies.push(
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('multipart' as const), filename: filenames, bytes: fileBytes, field: fc.constantFrom('archivo', 'otro', '') }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<FuzzCase['body']>(
          { kind: 'raw', text: '--x\r\nContent-Disposition: form-data; name="archivo"; filename="a.pdf"\r\n\r\n%PDF', contentType: 'multipart/form-data; boundary=x' },
          { kind: 'raw', text: 'garbage', contentType: 'multipart/form-data' },
          { kind: 'raw', text: 'garbage', contentType: 'multipart/form-data; boundary=' },
        ),
      },
    );
  } else if (bodySchema || method === 'POST' || method === 'PUT') {
    bodies.push(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('json' as const), value: fromSchema(bodySchema) }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('json' as const), value: withOneHostileField(bodySchema) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_JSON, TOO_LARGE), contentType: fc.constant('application/json') }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom('a=1', '<x/>', '{}'), contentType: fc.constantFrom(...OTHER_TYPES) }) },
    );
  } else {
    bodies.push(
      { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: hostileValue }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), text: fc.constantFrom(...RAW_JSON), contentType: fc.constant('application/json') }) },
    );
  }
  return fc.record({ role: fc.constantFrom(...roles), path, query, body: fc.oneof(...bodies) });
}

/** Percent-encoding; a lone surrogate cannot be encoded, so it goes as the invalid UTF-8 a broken client would send. */
function encodePathValue(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/**
 * The same hostile requests for every endpoint, so each one certainly meets them: ids past the
 * database's range, SQL and HTML in every field, NUL bytes, broken JSON, a body over the limit.
 */
function hostileExamples(roles: (Role | 'anonymous')[], operation: Operation | undefined, multipart: boolean): FuzzCase[] {
  const role = roles.find((candidate) => candidate !== 'anonymous') ?? 'anonymous';
  const parameters = operation?.parameters ?? [];
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;
  const fill = (text: string): Pick<FuzzCase, 'path' | 'query' | 'body'> => ({
    path: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, text])),
    query: new URLSearchParams(parameters.filter((p) => p.in === 'query').map((p): [string, string] => [p.name, text])).toString(),
    body: multipart
      ? { kind: 'multipart', filename: `${text}.pdf`, bytes: PDF_BYTES, field: 'archivo' }
      : { kind: 'json', value: Object.fromEntries(Object.keys(bodySchema?.properties ?? { texto: {} }).map((name) => [name, text])) },
  });
  return [
    { role, ...fill('2147483648') },
    { role, ...fill("1' OR '1'='1' --") },
    { role, ...fill('<script>alert(1)</script>') },
    { role, ...fill('nul\u0000byte') },
    { role, ...fill('1'), body: { kind: 'raw', text: '{"a":', contentType: 'application/json' } },
    { role, ...fill('1'), body: { kind: 'raw', text: TOO_LARGE, contentType: multipart ? 'multipart/form-data; boundary=x' : 'application/json' } },
  ];
}

function injectOptions(method: string, url: string, token: string | undefined, body: FuzzCase['body']): InjectOptions {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const options: InjectOptions = { method, url, headers };
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body.value) ?? 'null';
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    options.payload = body.text;
  } else if (body.kind === 'multipart') {
    const upload = multipartFile(body.filename, body.bytes, body.field);
    headers['content-type'] = upload.contentType;
    options.payload = upload.payload;
  }
  return options;
}

/** Fresh accounts per endpoint, replaced when a case ends their session (logout, password change). */
function accounts(server: TestServer) {
  const users = new Map<Role, TestUser>();
  return {
    async token(role: Role | 'anonymous', renew = false): Promise<string | undefined> {
      if (role === 'anonymous') return undefined;
      let user = users.get(role);
      if (!user || renew) {
        user = await server.createUser(role);
        users.set(role, user);
      }
      return user.token;
    },
    clear: () => users.clear(),
  };
}

describe.each(DATABASES)('fuzzing every endpoint on %s', (kind) => {
  const server = useTestServer(kind, {
    // Limits that would answer 429 before the handlers are reached are raised: they have their own tests.
    env: {
      LOGIN_MAX_PER_MINUTE_PER_ADDRESS: '1000000',
      CHAT_MAX_PER_MINUTE: '1000000',
      LOGIN_MAX_FAILURES: '1000000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
      SIGNUPS_PER_HOUR_PER_ADDRESS: '1000000',
      CONTACT_PER_HOUR_PER_ADDRESS: '1000000',
      MAX_ACTIVE_VISITS_PER_PATIENT: '1000000',
      MAX_VISITS_PER_DOCTOR_DAY: '1000000',
      MAX_ACTIVE_VISITS_PER_SIGNUP_ADDRESS: '1000000',
      MAX_VISITS_PER_DAY_NEW_ACCOUNTS_PER_ADDRESS: '1000000',
    },
  });

  // The endpoints in parts, each a test with its own time budget: one test for all of them ran out
  // of its budget on a loaded machine. Part p takes every PARTS-th endpoint from the p-th on.
  it.each(Array.from({ length: PARTS }, (_, part) => part + 1))(
    `never answers 5xx, and refuses with a JSON detail (${RANDOM_CASES_PER_ENDPOINT} random + ${HOSTILE_CASES} fixed cases per endpoint), part %i of ${PARTS}`,
    async (part) => {
      const document = server.app.swagger() as { paths: Record<string, Record<string, Operation>> };
      const failures: string[] = [];
      let cases = 0;
      const people = accounts(server);
      const routes = server.app.apiRoutes.filter((_, index) => index % PARTS === part - 1);
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        const openApiPath = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
        const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
        const multipart = Boolean(operation && 'consumes' in operation) || /archivos$/.test(route.url) && route.method === 'POST';
        const roles: (Role | 'anonymous')[] = route.access === 'public' ? ['anonymous', 'paciente'] : [...route.access];
        people.clear();
        let answer = '';
        const result = await fc.check(
          fc.asyncProperty(caseArbitrary(roles, operation, route.method, multipart), async (input) => {
            cases += 1;
            let url = route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodePathValue(input.path[name] ?? '1'));
            if (input.query) url += `?${input.query}`;
            const send = async (renew: boolean) => server.app.inject(injectOptions(route.method, url, await people.token(input.role, renew), input.body));
            let response = await send(false);
            // A previous case may have ended this account's sessions: ask again with a fresh one.
            if (response.statusCode === 401 && input.role !== 'anonymous') response = await send(true);
            answer = `${response.statusCode} ${response.body.slice(0, 200)}`;
            if (response.statusCode >= 500) return false;
            if (response.statusCode >= 400) {
              if (!response.headers['content-type']?.includes('application/json')) return false;
              const body = response.json<{ detail?: unknown }>();
              return typeof body.detail === 'string' && body.detail.length > 0;
            }
            return true;
          }),
          { numRuns: RANDOM_CASES_PER_ENDPOINT + HOSTILE_CASES, endOnFailure: true, examples: hostileExamples(roles, operation, multipart).map((example) => [example]) },
        );
        if (result.failed) {
          const example = inspect(result.counterexample?.[0], { depth: 4, maxStringLength: 120, maxArrayLength: 10, breakLength: Infinity });
          failures.push(`${route.method} ${route.url} (seed ${result.seed}): ${example} -> ${answer} ${result.errorInstance instanceof Error ? result.errorInstance.message : ''}`);
        }
      }
      expect(failures).toEqual([]);
      expect(cases).toBe(routes.length * (RANDOM_CASES_PER_ENDPOINT + HOSTILE_CASES));
    },
    60_000,
  );
});
