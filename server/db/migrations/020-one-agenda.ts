import type { Kysely } from 'kysely';
import { addMinutes } from '../../../contracts/slots.ts';
import type { GalenoMigration } from './types.ts';

/**
 * One agenda:
 * - a visit says who cancelled it (`cancelada_por`: paciente, doctor or clinica) and, when the
 *   doctor rejected it, why (`motivo_rechazo`, shown to the patient);
 * - every consultation a doctor assigned before this release gets the visit it always should have
 *   had: its slot (the one at that time, or a new one of the doctor's length) and a confirmed
 *   appointment, so it shows in the agenda and in both sides' visit lists.
 */
export const oneAgenda: GalenoMigration = {
  async up({ db }) {
    await db.schema.alterTable('citas').addColumn('cancelada_por', 'text').execute();
    await db.schema.alterTable('citas').addColumn('motivo_rechazo', 'text').execute();
    // The day view and the answers to a visit find its consultation by the visit.
    await db.schema.createIndex('consultas_cita').on('consultas').column('id_cita').execute();
    await attachVisitsToConsultations(db);
  },
};

/**
 * Gives each consultation without a visit its slot and a confirmed appointment. A slot already
 * held by another active visit, or blocked, is left alone: that consultation keeps no visit rather
 * than double-book the doctor. Also used by the demo clinic, whose history is written as
 * consultations.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function attachVisitsToConsultations(db: Kysely<any>): Promise<number> {
  const orphans: { id_consulta: number; id_paciente: number; id_doctor: number; fecha: string; hora: string; motivo: string; estado: string; creado_en: string }[] =
    await db
      .selectFrom('consultas')
      .select(['id_consulta', 'id_paciente', 'id_doctor', 'fecha', 'hora', 'motivo', 'estado', 'creado_en'])
      .where('id_cita', 'is', null)
      .orderBy('id_consulta')
      .execute();
  let attached = 0;
  for (const consulta of orphans) {
    const hora = consulta.hora.slice(0, 5);
    const slot: { id_agenda: number; estado: string; tipo: string } | undefined = await db
      .selectFrom('agenda')
      .select(['id_agenda', 'estado', 'tipo'])
      .where('id_doctor', '=', consulta.id_doctor)
      .where('fecha', '=', consulta.fecha)
      .where('hora_inicio', 'in', [hora, `${hora}:00`])
      .executeTakeFirst();
    let id_agenda: number;
    if (slot) {
      if (slot.estado !== 'Disponible' || slot.tipo !== 'Consulta') continue;
      await db.updateTable('agenda').set({ estado: 'Reservado' }).where('id_agenda', '=', slot.id_agenda).execute();
      id_agenda = slot.id_agenda;
    } else {
      const doctor: { intervalo_min: number } = await db
        .selectFrom('doctores')
        .select('intervalo_min')
        .where('id_doctor', '=', consulta.id_doctor)
        .executeTakeFirstOrThrow();
      const row: { id_agenda: number } = await db
        .insertInto('agenda')
        .values({
          id_doctor: consulta.id_doctor,
          fecha: consulta.fecha,
          hora_inicio: hora,
          hora_fin: addMinutes(hora, doctor.intervalo_min),
          duracion_min: doctor.intervalo_min,
          tipo: 'Consulta',
          estado: 'Reservado',
          descripcion: null,
        })
        .returning('id_agenda')
        .executeTakeFirstOrThrow();
      id_agenda = row.id_agenda;
    }
    const cita: { id_cita: number } = await db
      .insertInto('citas')
      .values({
        id_paciente: consulta.id_paciente,
        id_doctor: consulta.id_doctor,
        id_agenda,
        fecha: consulta.fecha,
        hora,
        motivo: consulta.motivo,
        recordatorio: 0,
        estado: 'Confirmada',
        creado_en: consulta.creado_en,
        actualizado_en: consulta.creado_en,
      })
      .returning('id_cita')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('consultas')
      .set({ id_cita: cita.id_cita, estado: consulta.estado === 'pendiente' ? 'confirmada' : consulta.estado })
      .where('id_consulta', '=', consulta.id_consulta)
      .execute();
    attached += 1;
  }
  return attached;
}
