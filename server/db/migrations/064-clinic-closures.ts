import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The clinic's own calendar on top of the region's public holidays: closures of the whole clinic
 * (a day or a range, with a reason), and dated entries that either add a local holiday ('local')
 * or reopen a public holiday the clinic works on ('abierto'). A visit already booked on a day that
 * closes, or inside a doctor's absence, is kept and marked for the desk to relocate: reubicar_causa
 * ('cierre' or 'ausencia') with the closure's or absence's id and reason; null once dealt with.
 */
export const clinicClosures: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('cierres_clinica')
      .addColumn('id_cierre', 'integer', primaryKey)
      .addColumn('fecha_inicio', 'text', (c) => c.notNull())
      .addColumn('fecha_fin', 'text', (c) => c.notNull())
      .addColumn('motivo', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('cierres_clinica_fin').on('cierres_clinica').column('fecha_fin').execute();
    await db.schema
      .createTable('festivos_clinica')
      .addColumn('fecha', 'text', (c) => c.primaryKey())
      .addColumn('tipo', 'text', (c) => c.notNull().check(sql`tipo in ('local', 'abierto')`))
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('citas').addColumn('reubicar_causa', 'text').execute();
    await db.schema.alterTable('citas').addColumn('reubicar_ref', 'integer').execute();
    await db.schema.alterTable('citas').addColumn('reubicar_motivo', 'text').execute();
    await db.schema.createIndex('citas_por_reubicar').on('citas').columns(['reubicar_causa', 'fecha']).execute();
  },
};
