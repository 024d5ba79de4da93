import type { GalenoMigration } from './types.ts';

/**
 * The visit's day at the desk: when the patient arrived (llegada_en) and when the doctor called
 * them in (en_consulta_en), both ISO instants or null; and whether the visit is an extra one the
 * desk squeezed in outside the agenda's slots (extra, 0/1). Whether they came in the end stays in
 * asistencia. The board of a day reads citas by (estado, fecha), which citas_estado_fecha serves.
 */
export const theDayAtTheDesk: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('citas').addColumn('llegada_en', 'text').execute();
    await db.schema.alterTable('citas').addColumn('en_consulta_en', 'text').execute();
    await db.schema.alterTable('citas').addColumn('extra', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
