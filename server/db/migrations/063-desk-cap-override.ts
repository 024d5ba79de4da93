import type { GalenoMigration } from './types.ts';

/**
 * Why the front desk booked a visit past a patient's caps (decision #36): kept with the visit so
 * the desk sees it beside the visit (reception never reads the audit log, which also records it).
 */
export const deskCapOverride: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('citas').addColumn('limite_forzado', 'text').execute();
  },
};
