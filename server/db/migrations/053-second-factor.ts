import type { GalenoMigration } from './types.ts';

/**
 * The second factor: a code from an authenticator app after the password.
 *
 * `segundos_factores`: one row per account that started or finished enrolment. The TOTP secret is
 * kept encrypted (AES-256-GCM, key derived from the JWT signing secret), so a copy of the database
 * alone gives no codes. `activo` is 0 while enrolment waits for its first code. `ultimo_paso` is
 * the 30-second step of the last code accepted: a code of that step or an older one is refused,
 * so a code seen over someone's shoulder cannot be used again.
 *
 * `codigos_recuperacion`: single-use recovery codes, only their SHA-256 (they are random, 50 bits).
 *
 * `tickets_segundo_factor`: the short-lived ticket that a right password earns when a code is still
 * needed; only its SHA-256 is kept, and it ends after a few wrong codes.
 */
export const secondFactor: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('segundos_factores')
      .addColumn('id_usuario', 'integer', (c) => c.primaryKey().references('usuarios.id_usuario').onDelete('cascade'))
      .addColumn('secreto_cifrado', 'text', (c) => c.notNull())
      .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ultimo_paso', 'integer')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('activado_en', 'text')
      .execute();

    await db.schema
      .createTable('codigos_recuperacion')
      .addColumn('id_codigo', 'integer', primaryKey)
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario').onDelete('cascade'))
      .addColumn('hash_codigo', 'text', (c) => c.notNull())
      .addColumn('usado_en', 'text')
      .execute();
    await db.schema.createIndex('codigos_recuperacion_usuario').on('codigos_recuperacion').columns(['id_usuario', 'hash_codigo']).execute();

    await db.schema
      .createTable('tickets_segundo_factor')
      .addColumn('hash_ticket', 'text', (c) => c.primaryKey())
      .addColumn('id_usuario', 'integer', (c) => c.notNull().references('usuarios.id_usuario').onDelete('cascade'))
      .addColumn('caduca_en', 'text', (c) => c.notNull())
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('tickets_segundo_factor_usuario').on('tickets_segundo_factor').column('id_usuario').execute();
  },
};
