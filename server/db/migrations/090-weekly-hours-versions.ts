import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * Every version of a doctor's weekly hours is kept, each from the day it applies (its rows in
 * horarios_semanales share that `vigente_desde`), so a day is always built from the version in
 * force on it. This table names the versions, an empty one (no hours from that day) included.
 */
export const weeklyHoursVersions: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('horarios_vigencias')
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('vigente_desde', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('horarios_vigencias_una_por_dia', ['id_doctor', 'vigente_desde'])
      .execute();
    await sql`insert into horarios_vigencias (id_doctor, vigente_desde) select distinct id_doctor, vigente_desde from horarios_semanales`.execute(db);
    await db.schema.createIndex('horarios_semanales_version').on('horarios_semanales').columns(['id_doctor', 'vigente_desde']).execute();
  },
};
