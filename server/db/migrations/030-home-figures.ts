import type { GalenoMigration } from './types.ts';

/**
 * Indexes for the home screens, so each figure reads an index range on a clinic of 100,000 patients
 * instead of a whole table:
 * - citas_estado_fecha: the clinic's active visits today and this week, and its pending requests;
 * - agenda_fecha: each doctor's opened and booked consultation slots this week (covering);
 * - pacientes_fecha_alta: the patients registered this month.
 * (A visit's consultation is found through consultas_cita, made by 020-one-agenda.)
 */
export const homeFigures: GalenoMigration = {
  async up({ db }) {
    await db.schema.createIndex('citas_estado_fecha').on('citas').columns(['estado', 'fecha']).execute();
    await db.schema
      .createIndex('agenda_fecha')
      .on('agenda')
      .columns(['fecha', 'tipo', 'estado', 'id_doctor'])
      .execute();
    await db.schema.createIndex('pacientes_fecha_alta').on('pacientes').column('fecha_alta').execute();
  },
};
