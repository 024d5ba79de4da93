import { toE164 } from '../../lib/sms/phone-numbers.ts';
import type { GalenoMigration } from './types.ts';

/**
 * Every stored phone number in E.164 ('612 34 56 78' becomes '+34612345678'; Spain unless the
 * number says otherwise), as every save now stores them. A number that cannot be read is left as
 * it was, never lost, and listed in `telefonos_sin_convertir` (this migration's log) for someone
 * to look at.
 */
export const phonesInE164: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('telefonos_sin_convertir')
      .addColumn('id_usuario', 'integer', (c) => c.primaryKey())
      .addColumn('telefono', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .execute();
    const now = new Date().toISOString();
    let after = 0;
    for (;;) {
      const rows: { id_usuario: number; telefono: string }[] = await db
        .selectFrom('usuarios')
        .select(['id_usuario', 'telefono'])
        .where('telefono', 'is not', null)
        .where('id_usuario', '>', after)
        .orderBy('id_usuario')
        .limit(1000)
        .execute();
      if (rows.length === 0) break;
      after = rows.at(-1)?.id_usuario ?? after;
      for (const row of rows) {
        if (row.telefono.trim() === '') continue;
        const e164 = toE164(row.telefono);
        if (e164 === null) {
          await db.insertInto('telefonos_sin_convertir').values({ id_usuario: row.id_usuario, telefono: row.telefono, creado_en: now }).execute();
        } else if (e164 !== row.telefono) {
          await db.updateTable('usuarios').set({ telefono: e164 }).where('id_usuario', '=', row.id_usuario).execute();
        }
      }
    }
  },
};
