import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../testing/test-server.ts';
import { forgetPreparedStatements } from './prepared-statements.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Database } from './schema/index.ts';

interface Scratch {
  prepared_scratch: { id: number; valor: number | string };
}
const scratch = (db: Kysely<Database>) => db as unknown as Kysely<Scratch>;
const scratchRows = compiledOnce((db, id: number) => scratch(db).selectFrom('prepared_scratch').select(['id', 'valor']).where('id', '>=', id).orderBy('id'));
const userName = compiledOnce((db, id_usuario: number) => db.selectFrom('usuarios').select('nombre').where('id_usuario', '=', id_usuario));

/** The statements PostgreSQL keeps prepared on this connection (but this read's own). */
async function preparedOn(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.statement).filter((statement) => !statement.includes('pg_prepared_statements'));
}

describe.skipIf(!DATABASES.includes('postgres'))('repeated queries kept prepared on PostgreSQL (decisions 0114, 0116)', () => {
  beforeAll(forgetPreparedStatements);
  const server = useTestServer('postgres');

  it('prepares a query compiled once the first time a connection runs it, and runs it by name after', async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Marta' });
    const other = await server.createUser('paciente', { nombre: 'Pau' });
    await server.database.db.connection().execute(async (connection) => {
      const before = await preparedOn(connection);
      expect((await userName(connection, doctor.id_usuario)).rows).toEqual([{ nombre: 'Marta' }]);
      // Other values, the same statement.
      expect((await userName(connection, other.id_usuario)).rows).toEqual([{ nombre: 'Pau' }]);
      const added = (await preparedOn(connection)).filter((statement) => !before.includes(statement));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(/^select "nombre" from "usuarios" where "id_usuario" = \$1/);
    });
  });

  it('prepares any other query the second time its SQL runs, and never one that runs once', async () => {
    const doctor = await server.createUser('doctor', { apellido1: 'Soler' });
    const other = await server.createUser('paciente', { apellido1: 'Puig' });
    const role = (connection: Kysely<Database>, id_usuario: number) =>
      connection.selectFrom('usuarios').select(['rol', 'apellido1']).where('id_usuario', '=', id_usuario).execute();
    await server.database.db.connection().execute(async (connection) => {
      const before = await preparedOn(connection);
      const added = async () => (await preparedOn(connection)).filter((statement) => !before.includes(statement));
      expect(await role(connection, doctor.id_usuario)).toEqual([{ rol: 'doctor', apellido1: 'Soler' }]);
      expect(await added()).toEqual([]);
      // Its second run, with other values: from now on by name.
      expect(await role(connection, other.id_usuario)).toEqual([{ rol: 'paciente', apellido1: 'Puig' }]);
      expect(await role(connection, doctor.id_usuario)).toEqual([{ rol: 'doctor', apellido1: 'Soler' }]);
      const kept = await added();
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatch(/^select "rol", "apellido1" from "usuarios" where "id_usuario" = \$1/);
      // A transaction's begin and commit are left as they are, however often they run.
      for (let run = 0; run < 3; run++) await connection.transaction().execute(async (trx) => role(trx, doctor.id_usuario));
      expect(await added()).toHaveLength(1);
      // A read without values (the specialty catalogue, the health check) is prepared on its second run too.
      const accounts = () => sql<{ total: string }>`select count(*) as total from usuarios`.execute(connection);
      const { rows } = await accounts();
      expect(await added()).toHaveLength(1);
      expect((await accounts()).rows).toEqual(rows);
      expect((await added()).filter((statement) => statement.startsWith('select count(*) as total from usuarios'))).toHaveLength(1);
      expect(await added()).toHaveLength(2);
    });
  });

  it('answers, not fails, when a migration beside it changes the columns under a prepared query', async () => {
    const db = server.database.db;
    await sql`create table prepared_scratch (id integer primary key, valor integer not null)`.execute(db);
    await sql`insert into prepared_scratch values (1, 10), (2, 20)`.execute(db);
    await db.connection().execute(async (connection) => {
      expect((await scratchRows(connection, 1)).rows).toEqual([{ id: 1, valor: 10 }, { id: 2, valor: 20 }]);
      // What a newer instance's migration could do while this one runs: the column's type changes.
      await sql`alter table prepared_scratch alter column valor type text`.execute(connection);
      expect((await scratchRows(connection, 2)).rows).toEqual([{ id: 2, valor: '20' }]);
      // From then on it runs unnamed, on this connection as on the others.
      expect((await scratchRows(connection, 1)).rows).toEqual([{ id: 1, valor: '10' }, { id: 2, valor: '20' }]);
      // And is never named again, however often it runs: in a transaction the stale name would abort it.
      for (let run = 0; run < 3; run++) {
        await connection.transaction().execute(async (trx) => {
          expect((await scratchRows(trx, 2)).rows).toEqual([{ id: 2, valor: '20' }]);
        });
      }
    });
    await sql`drop table prepared_scratch`.execute(db);
  });
});
