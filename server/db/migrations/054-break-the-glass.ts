import type { GalenoMigration } from './types.ts';

/**
 * Break the glass: a doctor who opens the record of a patient they do not treat states a reason
 * first; each statement grants that doctor that record until `caduca_en`.
 */
export const breakTheGlass: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('accesos_urgentes')
      .addColumn('id_acceso', 'integer', primaryKey)
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('id_paciente', 'integer', (c) => c.notNull().references('pacientes.id_paciente'))
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('caduca_en', 'text', (c) => c.notNull())
      .execute();
    // The check on every read: this doctor, this patient, still valid.
    await db.schema.createIndex('accesos_urgentes_doctor_paciente').on('accesos_urgentes').columns(['id_doctor', 'id_paciente', 'caduca_en']).execute();
  },
};
