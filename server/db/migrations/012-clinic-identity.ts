import { CLINICA_POR_DEFECTO } from '../../../contracts/clinic.ts';
import type { GalenoMigration } from './types.ts';

/**
 * The clinic's identity, set once: one row (id_clinica = 1), seeded with the configured defaults
 * and edited on the admin 'Clínica' screen. The logo is kept in the row (base64 text, at most 512
 * KB of image), so every server instance behind a load balancer serves the same one without a
 * shared disk.
 *
 * It also keeps, per assistant message, what kind of answer it was (respuesta, emergencia, error),
 * so a conversation reopened later keeps its urgency styling (the same issue; earlier messages
 * stay null and show as plain answers).
 */
export const clinicIdentity: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('clinica')
      .addColumn('id_clinica', 'integer', (c) => c.primaryKey())
      .addColumn('nombre', 'text', (c) => c.notNull())
      .addColumn('razon_social', 'text', (c) => c.notNull())
      .addColumn('nif', 'text', (c) => c.notNull())
      .addColumn('direccion', 'text', (c) => c.notNull())
      .addColumn('codigo_postal', 'text', (c) => c.notNull())
      .addColumn('localidad', 'text', (c) => c.notNull())
      .addColumn('telefono', 'text', (c) => c.notNull())
      .addColumn('correo', 'text', (c) => c.notNull())
      .addColumn('correo_privacidad', 'text', (c) => c.notNull())
      .addColumn('web', 'text', (c) => c.notNull())
      .addColumn('horario', 'text', (c) => c.notNull())
      .addColumn('logo_tipo', 'text')
      .addColumn('logo_base64', 'text')
      .addColumn('logo_hash', 'text')
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('clinica')
      .values({ id_clinica: 1, ...CLINICA_POR_DEFECTO, actualizado_en: new Date().toISOString() })
      .execute();
    await db.schema.alterTable('mensajes_chat').addColumn('tipo', 'text').execute();
  },
};
