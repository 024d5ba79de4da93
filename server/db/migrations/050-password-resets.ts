import type { GalenoMigration } from './types.ts';

/**
 * Password reset links. Only the SHA-256 of a link's token is kept, so a copy of the database
 * cannot be turned into working links.
 */
export const passwordResets: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('restablecimientos_contrasena')
      .addColumn('id_restablecimiento', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario'))
      .addColumn('hash_token', 'text', (c) => c.notNull().unique())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('caduca_en', 'text', (c) => c.notNull())
      .addColumn('usado_en', 'text')
      .execute();
    // Counting a user's recent links (the per-account limit) and ending them all after a reset.
    await db.schema
      .createIndex('restablecimientos_usuario')
      .on('restablecimientos_contrasena')
      .columns(['id_usuario', 'creado_en'])
      .execute();
  },
};
