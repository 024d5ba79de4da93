import { sql } from 'kysely';
import type { GalenoMigration } from './types.ts';

/**
 * The clinic's reminder plan (at most three steps, each a channel and how many hours before the
 * visit), set by the administrator on the clinic screen, and each patient's own switches for the
 * reminders' e-mail and for every SMS. A patient without a row has both on: reminders are on by
 * default. The old per-visit "Recibir recordatorio" box (citas.recordatorio, off by default) stops
 * driving reminders here: a patient who had ticked it keeps e-mail reminders on, and so does
 * everyone else, who now gets the default (on) instead of nothing.
 */
export const reminderPlan: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createTable('plan_recordatorios')
      .addColumn('orden', 'integer', (c) => c.primaryKey().check(sql`orden between 1 and 3`))
      .addColumn('canal', 'text', (c) => c.notNull().check(sql`canal in ('email', 'sms')`))
      .addColumn('horas_antes', 'integer', (c) => c.notNull().check(sql`horas_antes between 1 and 720`))
      .execute();
    // The plan a clinic starts from: an e-mail two days before (most visits are booked less than a
    // week ahead, and a patient without a mobile still gets one), an SMS the day before.
    await db
      .insertInto('plan_recordatorios')
      .values([
        { orden: 1, canal: 'email', horas_antes: 48 },
        { orden: 2, canal: 'sms', horas_antes: 24 },
      ])
      .execute();
    await db.schema
      .createTable('avisos_paciente')
      .addColumn('id_paciente', 'integer', (c) => c.primaryKey().references('pacientes.id_paciente').onDelete('cascade'))
      .addColumn('recordatorio_correo', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('avisos_sms', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .execute();
  },
};
