import type { GalenoMigration } from './types.ts';

/**
 * A new request's notice asks for the doctor's earliest waiting notice and their latest sent one
 * (reminders.repository.ts, insertRequestNotice), and a claim for one doctor looks for their due
 * notices. With the time in the index each is one seek; on (id_doctor, estado) alone each read
 * every notice of the doctor in that state, and sent notices only ever grow.
 */
export const doctorNoticeTimes: GalenoMigration = {
  async up({ db }) {
    await db.schema
      .createIndex('avisos_solicitud_doctor_envio')
      .on('avisos_solicitud')
      .columns(['id_doctor', 'estado', 'enviar_en'])
      .execute();
    await db.schema
      .createIndex('avisos_solicitud_doctor_enviado')
      .on('avisos_solicitud')
      .columns(['id_doctor', 'estado', 'enviado_en'])
      .execute();
    await db.schema.dropIndex('avisos_solicitud_doctor').execute();
  },
};
