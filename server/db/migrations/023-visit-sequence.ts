import type { GalenoMigration } from './types.ts';

/**
 * An appointment's revision number: it grows each time the visit moves or is cancelled, and becomes
 * the SEQUENCE of its calendar entries (RFC 5545 section 3.8.7.4), so calendar apps replace the old
 * version of the event instead of keeping both.
 */
export const visitSequence: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('citas').addColumn('secuencia', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
