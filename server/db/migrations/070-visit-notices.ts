import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * One row per message about a visit (an e-mail or an SMS to its patient or its doctor), written in
 * the transaction of the change that causes it, so a change is never told without having happened
 * nor happens without being told. A worker claims due rows (reservado_hasta, a lease that expires
 * if the worker dies) and records what became of each: sent, delivered (a receipt), failed, or
 * answered (the patient replied). `datos` is the JSON of what the message says, as it was at the
 * change: a visit moved twice sends two messages, each with its own time and calendar SEQUENCE.
 */
export const visitNotices: GalenoMigration = {
  async up({ db, primaryKey }) {
    await db.schema
      .createTable('notificaciones')
      .addColumn('id_notificacion', 'integer', primaryKey)
      .addColumn('id_cita', 'integer', (c) => c.notNull().references('citas.id_cita').onDelete('cascade'))
      .addColumn('destinatario', 'text', (c) => c.notNull().check(sql`destinatario in ('paciente', 'doctor')`))
      .addColumn('canal', 'text', (c) => c.notNull().check(sql`canal in ('email', 'sms')`))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('datos', 'text', (c) => c.notNull())
      .addColumn('estado', 'text', (c) =>
        c.notNull().check(sql`estado in ('pendiente', 'enviado', 'entregado', 'fallido', 'respondido', 'cancelado')`),
      )
      .addColumn('intentos', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enviar_en', 'text', (c) => c.notNull())
      .addColumn('reservado_hasta', 'text')
      .addColumn('id_pasarela', 'text')
      .addColumn('error', 'text')
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('enviado_en', 'text')
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notificaciones_pendientes')
      .on('notificaciones')
      .columns(['estado', 'enviar_en'])
      .where(sql.ref('estado'), '=', sql.lit('pendiente'))
      .execute();
    await db.schema.createIndex('notificaciones_cita').on('notificaciones').columns(['id_cita', 'id_notificacion']).execute();
    await db.schema.createIndex('notificaciones_pasarela').on('notificaciones').column('id_pasarela').execute();
  },
};
