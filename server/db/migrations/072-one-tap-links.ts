import type { GalenoMigration } from './types.ts';

/**
 * One-tap links in reminders: each link (its signature) works once, so the signatures used are
 * kept; and a visit the patient confirmed from a link says when (confirmada_paciente_en), for the
 * desk and the doctor.
 */
export const oneTapLinks: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('enlaces_usados')
      .addColumn('firma', 'text', (c) => c.primaryKey())
      .addColumn('id_cita', 'integer', (c) => c.notNull().references('citas.id_cita').onDelete('cascade'))
      .addColumn('accion', 'text', (c) => c.notNull())
      .addColumn('usado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('citas').addColumn('confirmada_paciente_en', 'text').execute();
  },
};
