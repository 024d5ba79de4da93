import type { GalenoMigration } from './types.ts';

/**
 * The doctor's calendar feed: a private subscription address per doctor. Only the SHA-256 of the
 * address's token is kept, so a copy of the database opens no feed. Revoked addresses stay
 * (revocado_en) as a trace; at most one live address per doctor.
 */
export const calendarFeeds: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('enlaces_calendario')
      .addColumn('id_enlace', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('hash_token', 'text', (c) => c.notNull().unique())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('revocado_en', 'text')
      .execute();
    await db.schema.createIndex('enlaces_calendario_doctor').on('enlaces_calendario').columns(['id_doctor', 'revocado_en']).execute();
  },
};
