import type { GalenoMigration } from './types.ts';

/**
 * Sessions. One row per log-in; the token carries its id (`sid`) and every request checks the row
 * is live in the same query that reads the user. Ending a session fills terminada_en and motivo;
 * the row is kept for a while so a stale token can be told why it stopped working.
 */
export const sessions: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('sesiones')
      // A random id (base64url), never a counter: it travels in the token and in /mi-cuenta.
      .addColumn('id_sesion', 'text', (c) => c.primaryKey())
      // A session means nothing without its account: it goes with it.
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario').onDelete('cascade'))
      .addColumn('creada_en', 'text', (c) => c.notNull())
      .addColumn('caduca_en', 'text', (c) => c.notNull())
      .addColumn('ultimo_uso', 'text', (c) => c.notNull())
      .addColumn('dispositivo', 'text')
      .addColumn('direccion', 'text')
      .addColumn('terminada_en', 'text')
      .addColumn('motivo', 'text')
      .execute();
    // Listing and ending a user's sessions.
    await db.schema.createIndex('sesiones_usuario').on('sesiones').columns(['id_usuario', 'terminada_en']).execute();
  },
};
