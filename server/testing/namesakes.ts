import { searchTextOf } from '../modules/accounts/index.ts';
import type { TestServer } from './test-server.ts';

/**
 * `count` active patients sharing a surname, and a closed one and a doctor who must not count,
 * straight into the database (searches past the count limit need more than the API would make
 * quickly). Named `nombreOf(i)`, in name order by i.
 */
export async function insertNamesakes(server: TestServer, apellido1: string, count: number, nombreOf = (i: number) => `Nombre${String(i).padStart(4, '0')}`): Promise<void> {
  const stamp = new Date().toISOString();
  const rows = Array.from({ length: count + 2 }, (_, i) => {
    const nombre = nombreOf(i);
    const nombre_usuario = `${apellido1.toLowerCase()}${i}`;
    const correo = `${nombre_usuario}@example.com`;
    return {
      nombre_usuario, correo, contrasena_hash: 'x', rol: i === count + 1 ? ('doctor' as const) : ('paciente' as const),
      nombre, apellido1, activo: i === count ? 0 : 1, idioma: 'es' as const, creado_en: stamp,
      busqueda: searchTextOf({ nombre, apellido1, nombre_usuario, correo }),
    };
  });
  await server.database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 200) {
      const users = rows.slice(start, start + 200);
      const ids = await trx.insertInto('usuarios').values(users).returning(['id_usuario', 'rol']).execute();
      const patients = ids.filter((row) => row.rol === 'paciente');
      await trx
        .insertInto('pacientes')
        .values(patients.map(({ id_usuario }) => ({ id_usuario, estado: 'Activo' as const, fecha_alta: '2025-01-01' })))
        .execute();
    }
  });
}
