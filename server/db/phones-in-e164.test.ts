import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useEmptyDatabases } from '../testing/empty-database.ts';
import { DATABASES } from '../testing/test-databases.ts';
import { migrateToLatest } from './index.ts';
import { migrations } from './migrations/index.ts';

const BEFORE = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '107-phones-in-e164'));

describe.each(DATABASES)('stored phones moved to E.164 by the upgrade, on %s', (kind) => {
  const emptyDatabase = useEmptyDatabases(kind);

  it('converts the readable numbers, keeps and lists the unreadable ones, leaves empty ones alone', async () => {
    const handle = await emptyDatabase();
    await migrateToLatest(handle, BEFORE);

    const phones = ['612 34 56 78', '+33 6 12 34 56 78', '93 123 45 67', 'llamar por la tarde', '', null];
    const ids: number[] = [];
    for (const [index, telefono] of phones.entries()) {
      const row = await handle.db
        .insertInto('usuarios')
        .values({
          nombre_usuario: `tel${index}`,
          correo: `tel${index}@example.com`,
          contrasena_hash: 'x',
          rol: 'paciente',
          nombre: 'Tel',
          apellido1: String(index),
          telefono,
          busqueda: `tel ${index}`,
          creado_en: '2026-12-01T00:00:00.000Z',
        } as never)
        .returning('id_usuario')
        .executeTakeFirstOrThrow();
      ids.push(row.id_usuario);
    }

    expect(await migrateToLatest(handle)).toContain('107-phones-in-e164');

    const stored = await handle.db.selectFrom('usuarios').select(['id_usuario', 'telefono']).where('id_usuario', 'in', ids).orderBy('id_usuario').execute();
    expect(stored.map((row) => row.telefono)).toEqual(['+34612345678', '+33612345678', '+34931234567', 'llamar por la tarde', '', null]);
    const listed = await sql<{ id_usuario: number; telefono: string }>`select id_usuario, telefono from telefonos_sin_convertir`.execute(handle.db);
    expect(listed.rows.map((row) => ({ id_usuario: Number(row.id_usuario), telefono: row.telefono }))).toEqual([
      { id_usuario: ids[3], telefono: 'llamar por la tarde' },
    ]);
  });
});
