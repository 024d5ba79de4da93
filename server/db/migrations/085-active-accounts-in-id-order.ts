import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The user list pages through the active accounts in id order (accounts.repository.ts, listUsers):
 * with their ids in an index of their own, finding a page's ids reads no account row.
 */
export const activeAccountsInIdOrder: GalenoMigration = {
  async up({ db }) {
    await sql`create index usuarios_activos_id on usuarios (id_usuario) where activo = 1`.execute(db);
  },
};
