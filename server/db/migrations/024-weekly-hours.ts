import type { GalenoMigration } from './types.ts';

/**
 * Weekly hours: a doctor's ranges per weekday with their slot length, and one row per (doctor, day)
 * the agenda generator has dealt with. That row's key is what keeps several instances from
 * generating a day twice; `origen` 'manual' marks a day the doctor opened or changed by hand, which
 * the generator never touches again.
 */
export const weeklyHours: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('horarios_semanales')
      .addColumn('id_horario', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      // 1 Monday ... 7 Sunday (weeks start on Monday).
      .addColumn('dia_semana', 'integer', (c) => c.notNull())
      .addColumn('hora_inicio', 'text', (c) => c.notNull())
      .addColumn('hora_fin', 'text', (c) => c.notNull())
      .addColumn('duracion_min', 'integer', (c) => c.notNull())
      // The first day these hours apply to (the same for every row of a doctor).
      .addColumn('vigente_desde', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('horarios_semanales_doctor').on('horarios_semanales').column('id_doctor').execute();
    await db.schema
      .createTable('dias_agenda')
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('fecha', 'text', (c) => c.notNull())
      .addColumn('origen', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('dias_agenda_un_dia', ['id_doctor', 'fecha'])
      .execute();
  },
};
