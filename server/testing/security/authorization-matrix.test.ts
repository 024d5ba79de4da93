import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../test-server.ts';
import { ACCESS_TABLE, uploadOf } from './access-table.ts';
import { ACTORS, buildWorld, SECRETS, type ActorName, type World } from './world.ts';

/** Actors who must never see `patient`'s clinical data. */
const OUTSIDERS: ReadonlySet<ActorName> = new Set(['anonymous', 'otherPatient', 'otherDoctor', 'admin', 'reception']);

describe.each(DATABASES)('authorization matrix on %s', (kind) => {
  const server = useTestServer(kind);
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(server);
  });

  it('has a row for every registered endpoint, and no row for an endpoint that does not exist', () => {
    const registered = server.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const tabled = new Set(ACCESS_TABLE.map((row) => row.route));
    expect(registered.filter((route) => !tabled.has(route)), 'endpoints missing from server/testing/security/access-table.ts').toEqual([]);
    expect([...tabled].filter((route) => !registered.includes(route)), 'rows for endpoints that are not registered').toEqual([]);
  });

  it('answers every actor on every endpoint exactly as the table says, and leaks nothing', async () => {
    const problems: string[] = [];
    const seenByOwners = new Set<string>();
    let cells = 0;
    for (const row of ACCESS_TABLE) {
      const method = row.route.split(' ')[0] as string;
      for (const [index, actor] of ACTORS.entries()) {
        const request = await row.request(world, actor);
        const upload = uploadOf(request);
        const token = world.token(actor);
        const response = await server.app.inject({
          method: method as 'GET',
          url: request.url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(upload ? { 'content-type': upload.contentType } : {}),
          },
          ...(upload ? { payload: upload.payload } : request.body === undefined ? {} : { payload: request.body as object }),
        });
        cells += 1;
        const expected = row.expect[index];
        const label = `${row.route}${row.variant ? ` (${row.variant})` : ''} as ${actor}`;
        if (response.statusCode !== expected) {
          problems.push(`${label}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
        if (response.statusCode >= 400) {
          const body = response.headers['content-type']?.includes('json') ? response.json<{ detail?: unknown }>() : undefined;
          if (typeof body?.detail !== 'string') problems.push(`${label}: refusal without a JSON detail`);
        }
        if (actor === 'patient' || actor === 'doctor') {
          for (const secret of Object.values(SECRETS)) if (response.body.includes(secret)) seenByOwners.add(secret);
        }
        if (OUTSIDERS.has(actor)) {
          const leaked = Object.values(SECRETS).filter((secret) => response.body.includes(secret));
          if (leaked.length > 0) problems.push(`${label}: answer carries patient's ${leaked.join(', ')}`);
        }
      }
      if (row.touchesAccounts) await world.restore();
    }
    expect(problems).toEqual([]);
    // The leak check means something only if the owners do see every secret somewhere.
    expect([...seenByOwners].sort()).toEqual(Object.values(SECRETS).sort());
    expect(cells).toBe(ACCESS_TABLE.length * ACTORS.length);
    // Password hashing (log-in, registration, password change cells) dominates; a shared machine is slow.
  }, 90_000);
});
