import type { GalenoMigration } from './types.ts';

/**
 * A burst of break-the-glass openings by one doctor (BREAK_GLASS_ALERT_OPENS within
 * BREAK_GLASS_ALERT_MINUTES) is one alert row: the administrators are e-mailed when it starts, and
 * their home lists it (who, how many openings, from when to when). Openings later in the same burst
 * update the row instead of alerting again. The index finds a doctor's burst still running.
 */
export const breakTheGlassAlerts: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('alertas_acceso_urgente')
      .addColumn('id_alerta', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor').onDelete('cascade'))
      .addColumn('aperturas', 'integer', (c) => c.notNull())
      .addColumn('desde', 'text', (c) => c.notNull())
      .addColumn('hasta', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alertas_acceso_urgente_doctor').on('alertas_acceso_urgente').columns(['id_doctor', 'hasta']).execute();
    await db.schema.createIndex('alertas_acceso_urgente_hasta').on('alertas_acceso_urgente').column('hasta').execute();
    await db.schema.createIndex('accesos_urgentes_doctor_creado').on('accesos_urgentes').columns(['id_doctor', 'creado_en']).execute();
  },
};
