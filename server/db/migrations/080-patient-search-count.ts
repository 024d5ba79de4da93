import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * SQLite: the accounts that are not active patients (staff and closed accounts), a small set. The
 * patient search counts its matches as "all trigram matches minus these" (accounts.repository.ts), so
 * the count costs what the trigram index costs instead of one row lookup per match.
 * The WHERE must stay word for word the one in that query. PostgreSQL counts through its own
 * trigram index and needs nothing.
 */
export const patientSearchCount: GalenoMigration = {
  async up({ db, dialect }) {
    if (dialect !== 'sqlite') return;
    await sql`create index usuarios_no_pacientes_activos on usuarios (id_usuario) where not (rol = 'paciente' and activo = 1)`.execute(db);
  },
};
