import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * PostgreSQL: the patient list walks the accounts in name order and tests the search in the index
 * entry itself (accounts.repository.ts, listPatients); with the account's id in the index that walk
 * is index-only and reads no table row it does not return. SQLite's index already holds the id
 * (it is the rowid) and needs nothing.
 */
export const patientListCoveringIndex: GalenoMigration = {
  async up({ db, dialect }) {
    if (dialect !== 'postgres') return;
    await sql`create index usuarios_rol_busqueda_id on usuarios (rol, activo, busqueda, id_usuario)`.execute(db);
    await sql`drop index usuarios_rol_busqueda`.execute(db);
  },
};
