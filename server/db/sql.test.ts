import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../testing/test-server.ts';
import { forgetPreparedStatements } from './prepared-statements.ts';
import { isOneOf } from './sql.ts';

describe.each(DATABASES)('isOneOf on %s', (kind) => {
  const server = useTestServer(kind);

  it('keeps the rows whose key is in the list, whatever its length, none for an empty list', async () => {
    const users = await Promise.all([1, 2, 3].map(() => server.createUser('paciente')));
    const ids = users.map((user) => user.id_usuario).sort((a, b) => a - b); // created at once: in any order
    const { db, dialect } = server.database;
    const kept = async (list: number[]) =>
      (
        await db
          .selectFrom('usuarios')
          .select('id_usuario')
          .where(isOneOf(dialect, 'id_usuario', list))
          .orderBy('id_usuario')
          .execute()
      ).map((row) => row.id_usuario);
    expect(await kept(ids)).toEqual(ids);
    expect(await kept([ids[1]!])).toEqual([ids[1]]);
    expect(await kept([ids[2]!, ids[0]!, 999_999_999])).toEqual([ids[0], ids[2]]);
    expect(await kept([])).toEqual([]);
  });
});

describe.skipIf(!DATABASES.includes('postgres'))('isOneOf on PostgreSQL', () => {
  beforeAll(forgetPreparedStatements);
  const server = useTestServer('postgres');

  it('sends lists of any length as one statement', async () => {
    const users = await Promise.all([1, 2, 3].map(() => server.createUser('paciente')));
    const ids = users.map((user) => user.id_usuario);
    const { db, dialect } = server.database;
    await db.connection().execute(async (connection) => {
      const read = (list: number[]) =>
        connection
          .selectFrom('usuarios')
          .select('nombre')
          .where(isOneOf(dialect, 'id_usuario', list))
          .execute();
      for (const list of [ids, [ids[0]!], ids.slice(1)]) await read(list);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      // Three lengths, one statement kept prepared from its second run.
      expect(rows.filter((row) => row.statement.includes('= any('))).toHaveLength(1);
    });
  });
});
