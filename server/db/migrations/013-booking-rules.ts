import { REGLAS_POR_DEFECTO } from '../../../contracts/booking-rules.ts';
import type { GalenoMigration } from './types.ts';

/**
 * The clinic's booking rules: one row (id_reglas = 1) the admin edits on the 'Clínica' screen. The
 * two booking caps start empty: until an admin saves them they are MAX_ACTIVE_VISITS_PER_PATIENT
 * and MAX_VISITS_PER_DOCTOR_DAY, so the configuration stays their default.
 */
export const bookingRules: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('reglas_reserva')
      .addColumn('id_reglas', 'integer', (c) => c.primaryKey())
      .addColumn('antelacion_reserva_min', 'integer', (c) => c.notNull())
      .addColumn('horizonte_dias', 'integer', (c) => c.notNull())
      .addColumn('antelacion_cancelacion_min', 'integer', (c) => c.notNull())
      .addColumn('max_citas_activas', 'integer')
      .addColumn('max_citas_doctor_dia', 'integer')
      .addColumn('limite_no_presentados', 'integer', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('reglas_reserva')
      .values({ id_reglas: 1, ...REGLAS_POR_DEFECTO, actualizado_en: new Date().toISOString() })
      .execute();
  },
};
