import type { GalenoMigration } from './types.ts';

/**
 * A doctor's absences: from fecha_inicio hora_inicio to fecha_fin hora_fin, clinic wall-clock time;
 * without hours the days are whole. Public holidays are not stored: they are computed for the
 * clinic's region (PUBLIC_HOLIDAY_REGION).
 */
export const absences: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('ausencias')
      .addColumn('id_ausencia', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('fecha_inicio', 'text', (c) => c.notNull())
      .addColumn('fecha_fin', 'text', (c) => c.notNull())
      .addColumn('hora_inicio', 'text')
      .addColumn('hora_fin', 'text')
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ausencias_doctor').on('ausencias').columns(['id_doctor', 'fecha_fin']).execute();
  },
};
