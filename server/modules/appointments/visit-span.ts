import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { addMinutes, toMinutes } from '../../lib/slots.ts';
import { reserveSlot } from './slots-for-appointments.ts';
import { offeredType } from '../visit-types/index.ts';

// A visit longer than one slot holds its first slot (citas.id_agenda) and the consecutive slots after
// it that its minutes reach (citas_huecos). All are taken by the booking's conditional update, in
// time order, inside the booking's transaction: of two overlapping bookings one finds a slot taken
// and rolls back whole, and taking them in one order means two writers never wait on each other in
// a circle on PostgreSQL.

type Db = Kysely<Database> | Transaction<Database>;

const hhmm = (time: string) => time.slice(0, 5);

export interface SpanSlot {
  id_agenda: number;
  hora_inicio: string;
  hora_fin: string;
  tipo: 'Consulta' | 'Bloqueo';
  estado: 'Disponible' | 'Reservado' | 'Bloqueado';
}

/**
 * The slots of one day (in time order) a visit of `minutes` starting at `slots[start]` takes: that
 * slot and the next ones, each starting where the last ends, until their end reaches the visit's.
 * Undefined when a gap or the day's end comes first. A visit shorter than its slot takes that slot.
 */
export function spanOf<Slot extends SpanSlot>(slots: readonly Slot[], start: number, minutes: number | null): Slot[] | undefined {
  const first = slots[start];
  if (!first) return undefined;
  const span = [first];
  if (minutes === null) return span;
  const visitEnd = toMinutes(hhmm(first.hora_inicio)) + minutes;
  let end = hhmm(first.hora_fin);
  for (let index = start + 1; toMinutes(end) < visitEnd; index += 1) {
    const next = slots[index];
    if (!next || hhmm(next.hora_inicio) !== end || next.tipo !== 'Consulta') return undefined;
    span.push(next);
    end = hhmm(next.hora_fin);
  }
  return span;
}

/** Whether every slot of a span is free to book. */
export const spanFree = (span: readonly SpanSlot[]) => span.every((slot) => slot.tipo === 'Consulta' && slot.estado === 'Disponible');

/** When the time a visit holds ends: its minutes after its start, and never before its first slot's end (a shorter visit holds its whole slot). */
export function visitEnd(first: { hora_inicio: string; hora_fin: string }, minutes: number | null): string {
  const slotEnd = hhmm(first.hora_fin);
  if (minutes === null) return slotEnd;
  const end = addMinutes(hhmm(first.hora_inicio), minutes);
  return toMinutes(end) > toMinutes(slotEnd) ? end : slotEnd;
}

/** A day's slots of one doctor from `hora` on, in time order. */
export async function daySlotsFrom(db: Db, id_doctor: number, fecha: string, hora: string): Promise<SpanSlot[]> {
  return db
    .selectFrom('agenda')
    .select(['id_agenda', 'hora_inicio', 'hora_fin', 'tipo', 'estado'])
    .where('id_doctor', '=', id_doctor)
    .where('fecha', '=', fecha)
    .where('hora_inicio', '>=', hora)
    .orderBy('hora_inicio')
    .execute();
}

export type ExtraSlots = { ok: true; ids: number[] } | { ok: false; refusal: 'no_cabe' | 'ocupado' };

/**
 * Takes, in the caller's transaction, the slots after `first` that a visit of `minutes` needs
 * (`first` itself is taken by the caller). 'no_cabe': the agenda has no run of slots long enough
 * there; 'ocupado': one of them is taken or blocked (the caller rolls back what it took).
 */
export async function holdExtraSlots(
  trx: Transaction<Database>,
  first: { id_doctor: number; fecha: string; hora_inicio: string },
  minutes: number | null,
): Promise<ExtraSlots> {
  if (minutes === null) return { ok: true, ids: [] };
  const slots = await daySlotsFrom(trx, first.id_doctor, first.fecha, first.hora_inicio);
  const span = spanOf(slots, 0, minutes);
  if (!span || hhmm(span[0]!.hora_inicio) !== hhmm(first.hora_inicio)) return { ok: false, refusal: 'no_cabe' };
  const extra = span.slice(1);
  for (const slot of extra) {
    if (!(await reserveSlot(trx, slot.id_agenda))) return { ok: false, refusal: 'ocupado' };
  }
  return { ok: true, ids: extra.map((slot) => slot.id_agenda) };
}

/** Records which extra slots a visit holds (after it has its id). */
export async function recordExtraSlots(db: Db, id_cita: number, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.insertInto('citas_huecos').values(ids.map((id_agenda) => ({ id_agenda, id_cita }))).execute();
}

/** Lets a visit's extra slots go: free again, and no longer the visit's. */
export async function freeExtraSlots(db: Db, id_cita: number): Promise<number[]> {
  const rows = await db.deleteFrom('citas_huecos').where('id_cita', '=', id_cita).returning('id_agenda').execute();
  const ids = rows.map((row) => row.id_agenda);
  if (ids.length > 0) await db.updateTable('agenda').set({ estado: 'Disponible' }).where('id_agenda', 'in', ids).where('estado', '=', 'Reservado').execute();
  return ids;
}

/**
 * Whether a visit of the catalogue's type `id_tipo` would fit whole from the doctor's free slot at
 * `hora_inicio`: the doctor offers the type, and every slot its minutes (their length plus the
 * type's buffer) reach is free and follows on. Without a type, one free slot is enough.
 */
export async function typeFitsAt(db: Db, slot: { id_doctor: number; fecha: string; hora_inicio: string }, id_tipo: number | null): Promise<boolean> {
  const slots = await daySlotsFrom(db, slot.id_doctor, slot.fecha, slot.hora_inicio);
  if (id_tipo === null) return slots[0] !== undefined && spanFree([slots[0]]);
  const found = await offeredType(db, slot.id_doctor, id_tipo);
  if (!found.type) return false;
  const span = spanOf(slots, 0, found.type.duracion_doctor + found.type.margen_min);
  return span !== undefined && hhmm(span[0]!.hora_inicio) === hhmm(slot.hora_inicio) && spanFree(span);
}

/** Which extra slots a visit holds, no longer recorded as its; their state is the caller's to set (a relocation closes them). */
export async function releaseExtraSlotRecords(db: Db, id_cita: number): Promise<number[]> {
  const rows = await db.deleteFrom('citas_huecos').where('id_cita', '=', id_cita).returning('id_agenda').execute();
  return rows.map((row) => row.id_agenda);
}

/**
 * Of free slots (any doctors, any days), those from which a visit of `minutes` fits whole: each
 * doctor's day is read once. Without minutes (one slot), all of them.
 */
export async function slotsWhereVisitFits<Slot extends { id_agenda: number; id_doctor: number; fecha: string }>(
  db: Db,
  slots: readonly Slot[],
  minutes: number | null,
): Promise<Slot[]> {
  if (minutes === null) return [...slots];
  const days = new Map<string, SpanSlot[]>();
  const fitting: Slot[] = [];
  for (const slot of slots) {
    const key = `${slot.id_doctor} ${slot.fecha}`;
    let day = days.get(key);
    if (!day) {
      day = await daySlotsFrom(db, slot.id_doctor, slot.fecha, '00:00');
      days.set(key, day);
    }
    const span = spanOf(day, day.findIndex((one) => one.id_agenda === slot.id_agenda), minutes);
    if (span && spanFree(span)) fitting.push(slot);
  }
  return fitting;
}
