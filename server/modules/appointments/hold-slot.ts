import type { Transaction } from 'kysely';
import type { DialectName } from '../../db/migrations/types.ts';
import type { Database } from '../../db/schema/index.ts';
import { findDoctorInterval } from '../doctors/index.ts';
import { daySlotRanges, findSlotAt, findSlotById, insertReservedSlot, reserveSlot } from './slots-for-appointments.ts';
import { holdExtraSlots, visitEnd } from './visit-span.ts';
import { addMinutes, MINUTES_PER_DAY, overlaps, shortTime, toMinutes } from '../../lib/slots.ts';

export type HoldRefusal = 'hueco_ocupado' | 'hueco_bloqueado' | 'hueco_solapado' | 'pasa_medianoche' | 'doctor_no_encontrado' | 'no_cabe';
export type HoldResult =
  | { held: true; id_agenda: number; hora: string; hora_fin: string; extra: number[] }
  | { held: false; refusal: HoldRefusal };

/**
 * Takes the doctor's slot at `fecha` `hora` for an appointment the doctor assigns, inside
 * the caller's transaction. An existing slot is taken only while it is free (a conditional update,
 * as booking does: of a consultation and a booking racing for it, one wins). A time with no slot
 * gets a one-off slot of the doctor's usual length, unless it would overlap another slot or end
 * after midnight. A visit of `minutes` longer than the slot takes the slots after it too (or a
 * one-off slot as long as the visit).
 */
export async function holdSlotForAppointment(
  trx: Transaction<Database>,
  dialect: DialectName,
  appointment: { id_doctor: number; fecha: string; hora: string; minutes?: number | null },
): Promise<HoldResult> {
  const minutes = appointment.minutes ?? null;
  const hora = shortTime(appointment.hora);
  // One assigning writer per doctor at a time on PostgreSQL, so two one-off slots cannot overlap.
  const doctor = await findDoctorInterval(trx, appointment.id_doctor, dialect === 'postgres');
  if (!doctor) return { held: false, refusal: 'doctor_no_encontrado' };

  const existing = await findSlotAt(trx, appointment.id_doctor, appointment.fecha, hora);
  if (existing) {
    if (await reserveSlot(trx, existing.id_agenda)) {
      const extra = await holdExtraSlots(trx, { id_doctor: appointment.id_doctor, fecha: appointment.fecha, hora_inicio: existing.hora_inicio }, minutes);
      if (!extra.ok) return { held: false, refusal: extra.refusal === 'no_cabe' ? 'no_cabe' : 'hueco_ocupado' };
      const hora_fin = visitEnd(existing, minutes);
      return { held: true, id_agenda: existing.id_agenda, hora, hora_fin, extra: extra.ids };
    }
    const now = await findSlotById(trx, existing.id_agenda);
    const blocked = now?.tipo === 'Bloqueo' || now?.estado === 'Bloqueado';
    return { held: false, refusal: blocked ? 'hueco_bloqueado' : 'hueco_ocupado' };
  }

  // A slot belongs to one day: one that would end after midnight is refused as such.
  const length = Math.max(doctor.intervalo_min, minutes ?? 0);
  if (toMinutes(hora) + length > MINUTES_PER_DAY) return { held: false, refusal: 'pasa_medianoche' };
  const wanted = { hora_inicio: hora, hora_fin: addMinutes(hora, length) };
  const day = await daySlotRanges(trx, appointment.id_doctor, appointment.fecha);
  if (day.some((slot) => overlaps(wanted, slot))) return { held: false, refusal: 'hueco_solapado' };
  const inserted = await insertReservedSlot(trx, {
    id_doctor: appointment.id_doctor,
    fecha: appointment.fecha,
    ...wanted,
    duracion_min: length,
  });
  if (!inserted) return { held: false, refusal: 'hueco_ocupado' };
  return { held: true, id_agenda: inserted, hora, hora_fin: wanted.hora_fin, extra: [] };
}
