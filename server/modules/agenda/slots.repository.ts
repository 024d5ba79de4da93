import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema/index.ts';

// The agenda's slots as booking reads and takes them (the patient's side of the agenda).

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

/** Whether a consultation slot is still free to offer or take. */
export async function slotIsFree(db: Db, id_agenda: number): Promise<boolean> {
  const row = await db
    .selectFrom('agenda')
    .select('id_agenda')
    .where('id_agenda', '=', id_agenda)
    .where('estado', '=', 'Disponible')
    .where('tipo', '=', 'Consulta')
    .executeTakeFirst();
  return Boolean(row);
}
