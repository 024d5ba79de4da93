import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../testing/test-server.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Database } from './schema/index.ts';

interface Filter {
  ids: number[];
  rol?: string | undefined;
  nombre?: string | undefined;
}

/** The query both ways: built for each call, and compiled once per shape. */
function usersQuery(db: Kysely<Database>, filter: Filter, limit: number) {
  let query = db.selectFrom('usuarios').select(['id_usuario', 'rol', 'nombre']).orderBy('id_usuario');
  query = filter.ids.length ? query.where('id_usuario', 'in', filter.ids) : query.where(sql<boolean>`1 = 0`);
  if (filter.rol) query = query.where('rol', '=', filter.rol as never);
  if (filter.nombre) query = query.where('nombre', '=', filter.nombre);
  return query.limit(limit);
}
const compiledUsers = compiledOnce(usersQuery);

describe.each(DATABASES)('a query compiled once on %s', (kind) => {
  const server = useTestServer(kind);

  it('answers as the query built each time, whatever the values and the shape', async () => {
    const db = server.database.db;
    const doctor = await server.createUser('doctor', { nombre: 'Marta' });
    const patients = await Promise.all([1, 2, 3].map(() => server.createUser('paciente', { nombre: 'Pau' })));
    const ids = [doctor, ...patients].map((user) => user.id_usuario);
    const filters: [Filter, number][] = [
      [{ ids }, 10],
      [{ ids: ids.slice(1) }, 10], // the same list length is the same shape: other values
      [{ ids: ids.slice(0, 2) }, 10],
      [{ ids, rol: 'paciente' }, 2],
      [{ ids, rol: 'doctor' }, 2],
      [{ ids, rol: '' }, 10], // a falsy value is part of the shape: no role filter
      [{ ids, nombre: 'Marta', rol: undefined }, 5],
      [{ ids: [] }, 10],
      [{ ids: [patients[2]!.id_usuario] }, 1],
    ];
    for (const [filter, limit] of filters) {
      const expected = await usersQuery(db, filter, limit).execute();
      const { rows } = await compiledUsers(db, filter, limit);
      expect(rows, JSON.stringify(filter)).toEqual(expected);
    }
    const patientIds = patients.map((user) => user.id_usuario).sort((a, b) => a - b);
    expect((await compiledUsers(db, { ids, rol: 'paciente' }, 2)).rows.map((row) => row.id_usuario)).toEqual(patientIds.slice(0, 2));
  });

  it('runs inside a transaction, whose rollback takes its write away, and is seen by the query listeners', async () => {
    const db = server.database.db;
    const insertSpecialty = compiledOnce((db, nombre: string) =>
      db.insertInto('especialidades').values({ codigo: nombre, nombre, nombre_ca: nombre, nombre_en: nombre }),
    );
    const seen: string[] = [];
    const listener = (event: { query: { sql: string } }) => seen.push(event.query.sql);
    server.database.queryListeners.add(listener);
    try {
      await insertSpecialty(db, 'Compilada una vez');
      await expect(
        db.transaction().execute(async (trx) => {
          await insertSpecialty(trx, 'Deshecha');
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    } finally {
      server.database.queryListeners.delete(listener);
    }
    const names = await db.selectFrom('especialidades').select('nombre').where('nombre', 'in', ['Compilada una vez', 'Deshecha']).execute();
    expect(names).toEqual([{ nombre: 'Compilada una vez' }]);
    expect(seen.filter((text) => text.startsWith('insert into "especialidades"'))).toHaveLength(2);
  });

  it('refuses a build that looks into a value instead of passing it on', async () => {
    const db = server.database.db;
    const inlined = compiledOnce((db, nombre: string) => db.selectFrom('usuarios').select('id_usuario').where('nombre', '=', sql.lit(nombre)));
    await expect(inlined(db, 'Marta')).rejects.toThrow(/invalid immediate value|value 0 did not become a parameter/);
    const branching = compiledOnce((db, id: number) =>
      id > 5 ? db.selectFrom('usuarios').select('id_usuario').where('id_usuario', '=', id) : db.selectFrom('usuarios').select('id_usuario'),
    );
    await expect(branching(db, 7)).rejects.toThrow(/value 0 did not become a parameter/);
  });
});
