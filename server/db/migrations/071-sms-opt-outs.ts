import type { GalenoMigration } from './types.ts';

/** Phone numbers (E.164) that answered "BAJA": no SMS goes to them again. */
export const smsOptOuts: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('sms_bajas')
      .addColumn('telefono', 'text', (c) => c.primaryKey())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
  },
};
