import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The front desk finds a caller by what they say first: a birth date, a phone number or a DNI/NIE
 * (names, surnames and e-mails are in `usuarios.busqueda`, migration 010). A seek for each:
 *
 * - the birth date, compared whole;
 * - the phone's digits (a phone is stored as typed, with spaces and an optional "+"), compared as a
 *   prefix of that same expression, which is why the queries in server/modules/desk spell it word
 *   for word like this index;
 * - the DNI/NIE already has its index (migration 084).
 *
 * A patient registered at the desk has no password until they accept the invitation: their hash is
 * a marker no password matches (server/lib/passwords.ts), so the column stays NOT NULL.
 */
export const deskPatientSearch: GalenoMigration = {
  async up({ db }) {
    await db.schema.createIndex('usuarios_nacimiento').on('usuarios').column('nacimiento').execute();
    await sql`create index usuarios_telefono_digitos on usuarios ((replace(replace(telefono, ' ', ''), '+', '')))`.execute(db);
  },
};
