import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * Whether a session passed the second factor. A role that must use one is judged by its session,
 * not by its account: a session opened with the password alone before the owner enrolled stays a
 * password-only session. Sessions opened after the factor was turned on went through its code.
 */
export const sessionSecondFactor: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('sesiones').addColumn('segundo_factor', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update sesiones set segundo_factor = 1
              where exists (select 1 from segundos_factores f
                            where f.id_usuario = sesiones.id_usuario and f.activo = 1
                              and f.activado_en is not null and sesiones.creada_en >= f.activado_en)`.execute(db);
  },
};
