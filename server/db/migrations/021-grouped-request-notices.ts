import type { GalenoMigration } from './types.ts';

/**
 * Grouped notices of new requests: each request a patient makes leaves a pending notice here; a
 * worker sends each doctor one e-mail listing theirs, at most one per window. Kept in the database
 * so a restart loses none and several instances share the work.
 */
export const groupedRequestNotices: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('avisos_solicitud')
      .addColumn('id_aviso', 'integer', primaryKey)
      .addColumn('id_cita', 'integer', (c) => c.notNull().references('citas.id_cita'))
      .addColumn('id_doctor', 'integer', (c) => c.notNull().references('doctores.id_doctor'))
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('enviar_en', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reservado_hasta', 'text')
      .addColumn('enviado_en', 'text')
      .execute();
    await db.schema.createIndex('avisos_solicitud_pendientes').on('avisos_solicitud').columns(['estado', 'enviar_en']).execute();
    await db.schema.createIndex('avisos_solicitud_doctor').on('avisos_solicitud').columns(['id_doctor', 'estado']).execute();
  },
};
