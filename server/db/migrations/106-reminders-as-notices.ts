import type { GalenoMigration } from './types.ts';

/**
 * One reminder mechanism: the reminders still waiting in the old `recordatorios` table (visits whose
 * patient ticked "Recibir recordatorio") become reminder notices at the same time, sent by the
 * notices worker, which reads each reminder's visit when it sends it (so `datos` is left empty).
 * The old rows are kept as they were, and nothing reads or writes them any more.
 */
export const remindersAsNotices: GalenoMigration = {
  async up({ db }) {
    const pending = await db
      .selectFrom('recordatorios as r')
      .innerJoin('citas as c', 'c.id_cita', 'r.id_cita')
      .select(['r.id_cita', 'r.enviar_en'])
      .where('r.estado', '=', 'pendiente')
      .where('c.estado', 'in', ['pendiente', 'Confirmada'])
      .execute();
    const now = new Date().toISOString();
    for (let start = 0; start < pending.length; start += 500) {
      await db
        .insertInto('notificaciones')
        .values(
          pending.slice(start, start + 500).map((row: { id_cita: number; enviar_en: string }) => ({
            id_cita: row.id_cita,
            destinatario: 'paciente',
            canal: 'email',
            tipo: 'recordatorio',
            datos: '{}',
            estado: 'pendiente',
            intentos: 0,
            enviar_en: row.enviar_en,
            creado_en: now,
            actualizado_en: now,
          })),
        )
        .execute();
    }
  },
};
