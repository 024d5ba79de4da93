import type { GalenoMigration } from './types.ts';

/**
 * Whether the patient came to a visit whose time has passed: 'Asistió' when the doctor completes
 * its consultation, 'No presentado' when the doctor says so; null until then. A column beside
 * estado, so Confirmada keeps its meaning. The index serves the patient's count of the last 12
 * months and the clinic's rate.
 */
export const noShows: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('citas').addColumn('asistencia', 'text').execute();
    await db.schema.createIndex('citas_asistencia_paciente').on('citas').columns(['id_paciente', 'asistencia', 'fecha']).execute();
  },
};
