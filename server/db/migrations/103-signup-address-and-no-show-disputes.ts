import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * Two things the booking caps weigh beyond one account.
 *
 * The address a patient signed up from (`pacientes.ip_registro`; null for a patient registered by
 * staff or before this), so the visits held by all the accounts made from one address can be capped
 * together: throwaway accounts no longer multiply the per-account caps.
 *
 * A no-show's standing: whether the visit was booked on its own day (a walk-in, a same-day
 * assignment), and the patient's dispute of it. Such a no-show counts towards the booking
 * restriction only while the patient has not disputed it. Existing no-shows are judged by the UTC
 * date they were booked on, the closest the rows allow.
 */
export const signupAddressAndNoShowDisputes: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('pacientes').addColumn('ip_registro', 'text').execute();
    await db.schema.createIndex('pacientes_ip_registro').on('pacientes').column('ip_registro').where(sql.ref('ip_registro'), 'is not', null).execute();

    await db.schema.alterTable('citas').addColumn('reservada_en_su_dia', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('citas').addColumn('disputa_motivo', 'text').execute();
    await db.schema.alterTable('citas').addColumn('disputada_en', 'text').execute();
    await db
      .updateTable('citas')
      .set({ reservada_en_su_dia: 1 })
      .where('asistencia', '=', 'No presentado')
      .where(sql<boolean>`substr(creado_en, 1, 10) >= fecha`)
      .execute();
  },
};
