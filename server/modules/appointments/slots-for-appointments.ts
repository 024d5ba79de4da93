import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema/index.ts';

// The agenda's slots as an appointment reads, takes and frees them: agenda makes the slots, blocks
// and deletes them; an appointment holds one (Reservado) and lets it go (Disponible).

type Db = Kysely<Database> | Transaction<Database>;

export interface SlotRow {
  id_agenda: number;
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  tipo: 'Consulta' | 'Bloqueo';
  estado: 'Disponible' | 'Reservado' | 'Bloqueado';
}

const slotColumns = ['id_agenda', 'fecha', 'hora_inicio', 'hora_fin', 'tipo', 'estado'] as const;

/** The slot starting at `hora` (stored as HH:MM, or HH:MM:SS by older clients). */
export async function findSlotAt(db: Db, id_doctor: number, fecha: string, hora: string): Promise<SlotRow | undefined> {
  return db
    .selectFrom('agenda')
    .select(slotColumns)
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('hora_inicio', 'in', [hora, `${hora}:00`])
    .executeTakeFirst();
}

export async function findSlotById(db: Db, id_agenda: number): Promise<SlotRow | undefined> {
  return db.selectFrom('agenda').select(slotColumns).where('id_agenda', '=', id_agenda).executeTakeFirst();
}

/**
 * Takes a free slot. Conditional on it still being free, so of several concurrent bookings exactly
 * one changes the row (PostgreSQL re-checks the condition after the first commits; SQLite has one
 * writer): the others see false.
 */
export async function reserveSlot(db: Db, id_agenda: number): Promise<boolean> {
  const result = await reserveSlotQuery(db, id_agenda);
  return Number(result.numAffectedRows) === 1;
}

const reserveSlotQuery = compiledOnce((db, id_agenda: number) =>
  db.updateTable('agenda').set({ estado: 'Reservado' }).where('id_agenda', '=', id_agenda).where('estado', '=', 'Disponible').where('tipo', '=', 'Consulta'),
);

/** A reserved slot is free again (its appointment was rejected, cancelled or moved away). */
export async function freeSlot(db: Db, id_agenda: number): Promise<void> {
  await db.updateTable('agenda').set({ estado: 'Disponible' }).where('id_agenda', '=', id_agenda).where('estado', '=', 'Reservado').execute();
}

/** The time ranges of a day's slots of one doctor (what a one-off slot must not overlap). */
export async function daySlotRanges(db: Db, id_doctor: number, fecha: string) {
  return db.selectFrom('agenda').select(['hora_inicio', 'hora_fin']).where('id_doctor', '=', id_doctor).where('fecha', '=', fecha).execute();
}

/** A one-off consultation slot, already Reservado, for an appointment a doctor assigns; undefined when the start was taken meanwhile. */
export async function insertReservedSlot(
  db: Db,
  slot: { id_doctor: number; fecha: string; hora_inicio: string; hora_fin: string; duracion_min: number },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('agenda')
    .values({ ...slot, tipo: 'Consulta', estado: 'Reservado', descripcion: null })
    .onConflict((conflict) => conflict.columns(['id_doctor', 'fecha', 'hora_inicio']).doNothing())
    .returning('id_agenda')
    .executeTakeFirst();
  return inserted?.id_agenda;
}
