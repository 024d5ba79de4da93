import type { GalenoMigration } from './types.ts';

/**
 * A waitlist entry may name the visit type the patient waits for: only a freed time where a visit
 * of that type fits whole is offered to it, and claiming the offer books that type. Entries made
 * before wait for one slot, as they always did.
 */
export const waitlistVisitType: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('lista_espera').addColumn('id_tipo_visita', 'integer', (c) => c.references('tipos_visita.id_tipo')).execute();
  },
};
