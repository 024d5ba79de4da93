import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema } from '../testing/server-process.ts';
import { postgresTestUrl } from '../testing/test-databases.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './index.ts';
import { migrations } from './migrations/index.ts';
import pg from 'pg';

// Undefined in a SQLite-only run; CI always sets TEST_DATABASE_URL (test-databases.ts).
const baseUrl = postgresTestUrl();

/** Creates and drops throwaway schemas as fast as it can until stopped: other Galenos coming and going. */
function churnSchemas(url: string, tag: string): { stop(): Promise<number> } {
  let running = true;
  let dropped = 0;
  const loop = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const name = `churn_${process.pid}_${tag}_${dropped}`;
        await client.query(`create schema ${name}; create table ${name}.t (id int)`);
        await client.query(`drop schema ${name} cascade`);
        dropped += 1;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return dropped;
    },
  };
}

describe.skipIf(!baseUrl)('migrating on PostgreSQL beside other schemas', () => {
  let schema: Awaited<ReturnType<typeof createPostgresSchema>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    schema = await createPostgresSchema(baseUrl ?? '');
    database = openDatabase({ databaseUrl: schema.databaseUrl, dataDir: '' });
  });
  afterAll(async () => {
    await database.close();
    await schema.drop();
  });

  it('migrates and re-reads its own tables while other schemas are created and dropped', async () => {
    const churn = ['a', 'b'].map((tag) => churnSchemas(baseUrl ?? '', tag));
    try {
      expect(await migrateToLatest(database)).toEqual(Object.keys(migrations));
      for (let round = 0; round < 100; round += 1) {
        const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema.schema]));
      }
      expect(await migrateToLatest(database)).toEqual([]);
    } finally {
      const dropped = await Promise.all(churn.map((c) => c.stop()));
      expect(dropped.reduce((a, b) => a + b)).toBeGreaterThan(0);
    }
  });
});
