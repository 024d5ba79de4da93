import type { GalenoMigration } from './types.ts';

/**
 * Offers of freed slots to waitlist entries. One row per entry and slot, ever (unique): two
 * instances sweeping at once cannot offer a slot to an entry twice. Only the SHA-256 of the link's
 * token is kept. `lista_espera_huecos` holds one row per offered slot, which a sweep writes first
 * so that instances take turns on a slot (counting its live offers). No foreign key to the agenda:
 * a doctor may delete a free slot that was offered.
 */
export const waitlistOffers: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('ofertas_espera')
      .addColumn('id_oferta', 'integer', primaryKey)
      .addColumn('id_entrada', 'integer', (c) => c.notNull().references('lista_espera.id_entrada'))
      .addColumn('id_agenda', 'integer', (c) => c.notNull())
      .addColumn('hash_token', 'text', (c) => c.notNull().unique())
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('enviada'))
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('caduca_en', 'text', (c) => c.notNull())
      .addColumn('resuelta_en', 'text')
      .addColumn('avisada_en', 'text')
      .addUniqueConstraint('ofertas_espera_una_por_hueco', ['id_entrada', 'id_agenda'])
      .execute();
    await db.schema.createIndex('ofertas_espera_hueco').on('ofertas_espera').columns(['id_agenda', 'estado']).execute();
    await db.schema.createIndex('ofertas_espera_vivas').on('ofertas_espera').columns(['estado', 'caduca_en']).execute();
    await db.schema
      .createTable('lista_espera_huecos')
      .addColumn('id_agenda', 'integer', (c) => c.primaryKey())
      .addColumn('revisado_en', 'text', (c) => c.notNull())
      .execute();
  },
};
