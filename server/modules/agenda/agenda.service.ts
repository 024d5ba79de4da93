import type { FastifyInstance } from 'fastify';
import type {
  AgendaDiaQuery,
  Bloque,
  BloqueoActualizar,
  CrearAgenda,
  MesQuery,
  RangoAgenda,
} from '../../../contracts/agenda.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import { existsOnClock, localDate } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { dayInterval, gapSlots, newSlots, openingSlotLength, shortTime } from '../../lib/slots.ts';
import {
  blockedDays,
  blockRange,
  dayRanges,
  deleteFreeSlot,
  findSlot,
  insertSlots,
  listDay,
  unblockRange,
  updateBlockedSlot,
} from './agenda.repository.ts';
import { closedByClinic } from './clinic-days.ts';
import { markManualDay } from './weekly-hours.repository.ts';
import { findDoctorInterval, setDoctorInterval } from '../doctors/index.ts';
import { appointmentsOnSlots } from '../appointments/index.ts';

/** The first day of a month and of the next one, as ISO dates. */
function monthBounds(anio: number, mes: number): [string, string] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const next = mes === 12 ? `${anio + 1}-01-01` : `${anio}-${pad(mes + 1)}-01`;
  return [`${anio}-${pad(mes)}-01`, next];
}

export function createAgendaService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const today = () => localDate(clock.now(), config.timeZone);
  /** Slots opened by hand start only at times the clinic's clock shows that day (never in the hour spring's change skips). */
  const onClock = <Slot extends { hora_inicio: string }>(fecha: string, slots: Slot[]) =>
    slots.filter((slot) => existsOnClock(fecha, slot.hora_inicio, config.timeZone));

  /** The caller's doctor id; naming another doctor's agenda is refused. */
  function agendaOwner(caller: Caller, id_doctor: number | undefined): number {
    const own = ownDoctorId(caller.actor, caller.language);
    if (id_doctor !== undefined && id_doctor !== own) throw fail(403, 'sin_permiso', caller.language);
    return own;
  }

  function refusePast(caller: Caller, fecha: string): void {
    if (fecha < today()) throw fail(400, 'fecha_pasada', caller.language);
  }

  /** A day the clinic closed offers no time: it is not opened, nor unblocked, by hand. */
  async function refuseClosed(caller: Caller, fecha: string): Promise<void> {
    if (await closedByClinic(db, fecha)) throw fail(409, 'dia_cerrado', caller.language, { field: 'fecha' });
  }

  /** A doctor's usual slot interval; an account without a doctor's profile keeps no agenda (403). */
  async function doctorInterval(on: typeof db, caller: Caller, id_doctor: number) {
    const doctor = await findDoctorInterval(on, id_doctor);
    if (!doctor) throw fail(403, 'sin_permiso', caller.language);
    return doctor;
  }

  /** The caller's own day to open or unblock slots on: not past, not closed by the clinic. */
  async function openableDay(caller: Caller, input: { id_doctor?: number | undefined; fecha: string }): Promise<number> {
    const id_doctor = agendaOwner(caller, input.id_doctor);
    refusePast(caller, input.fecha);
    await refuseClosed(caller, input.fecha);
    return id_doctor;
  }

  /** A slot of the caller's own agenda: 404 when it does not exist, 403 when it is another doctor's. */
  async function ownSlot(caller: Caller, id_agenda: number) {
    const own = ownDoctorId(caller.actor, caller.language);
    const slot = await findSlot(db, id_agenda);
    if (!slot) throw fail(404, 'no_encontrado', caller.language);
    if (slot.id_doctor !== own) throw fail(403, 'sin_permiso', caller.language);
    return slot;
  }

  return {
    async myDoctor(caller: Caller) {
      return doctorInterval(db, caller, ownDoctorId(caller.actor, caller.language));
    },

    async day(caller: Caller, query: AgendaDiaQuery): Promise<Bloque[]> {
      return listDay(db, agendaOwner(caller, query.id_doctor), query.fecha, caller.language);
    },

    /**
     * Opens a day: one slot per start time, of the chosen length, else the smallest gap between starts,
     * else the doctor's usual interval (a chosen one is remembered).
     */
    async open(caller: Caller, input: CrearAgenda) {
      const id_doctor = await openableDay(caller, input);
      return db.transaction().execute(async (trx) => {
        const doctor = await doctorInterval(trx, caller, id_doctor);
        const chosen = input.duracion_min ?? input.intervalo_min;
        const interval = openingSlotLength(input.bloques, chosen, doctor.intervalo_min);
        if (chosen !== undefined && chosen !== doctor.intervalo_min) await setDoctorInterval(trx, id_doctor, chosen);
        const slots = onClock(input.fecha, newSlots(input.bloques, interval, await dayRanges(trx, id_doctor, input.fecha)));
        const bloques_creados = await insertSlots(trx, id_doctor, input.fecha, slots, interval);
        // 'Apertura de Jornada' wins for that day: the weekly-hours generator leaves it alone from now on.
        await markManualDay(trx, id_doctor, input.fecha, clock.now().toISOString());
        const wanted = new Set(input.bloques.map(shortTime).filter((start) => existsOnClock(input.fecha, start, config.timeZone))).size;
        return { bloques_creados, bloques_existentes: wanted - bloques_creados };
      });
    },

    async block(caller: Caller, input: RangoAgenda) {
      const id_doctor = agendaOwner(caller, input.id_doctor);
      refusePast(caller, input.fecha);
      const bloques_bloqueados = await db.transaction().execute(async (trx) => {
        await markManualDay(trx, id_doctor, input.fecha, clock.now().toISOString());
        return blockRange(trx, id_doctor, input.fecha, input, input.motivo);
      });
      return { bloques_bloqueados };
    },

    /** Blocked slots in the range become available; where the range has no slot, new ones are made. */
    async unblock(caller: Caller, input: RangoAgenda) {
      const id_doctor = await openableDay(caller, input);
      return db.transaction().execute(async (trx) => {
        const doctor = await doctorInterval(trx, caller, id_doctor);
        await markManualDay(trx, id_doctor, input.fecha, clock.now().toISOString());
        const bloques_desbloqueados = await unblockRange(trx, id_doctor, input.fecha, input);
        const existing = await dayRanges(trx, id_doctor, input.fecha);
        const interval = dayInterval(
          existing.map((slot) => slot.duracion_min),
          doctor.intervalo_min,
        );
        const gaps = onClock(input.fecha, gapSlots(input.hora_inicio, input.hora_fin, interval, existing));
        const bloques_creados = await insertSlots(trx, id_doctor, input.fecha, gaps, interval);
        return { bloques_desbloqueados, bloques_creados };
      });
    },

    /** The 'Editar Bloque' modal: only a Bloqueado slot may change (spec section 4). */
    async updateBlock(caller: Caller, input: BloqueoActualizar): Promise<Bloque> {
      const slot = await ownSlot(caller, input.id_agenda);
      if (slot.estado !== 'Bloqueado') throw fail(409, 'bloque_no_editable', caller.language);
      const changed = await updateBlockedSlot(db, slot.id_agenda, {
        tipo: input.tipo,
        estado: input.estado,
        descripcion: input.descripcion ?? null,
      });
      if (!changed) throw fail(409, 'bloque_no_editable', caller.language);
      await markManualDay(db, slot.id_doctor, slot.fecha, clock.now().toISOString());
      const day = await listDay(db, slot.id_doctor, slot.fecha, caller.language);
      const updated = day.find((row) => row.id_agenda === slot.id_agenda);
      if (!updated) throw fail(404, 'no_encontrado', caller.language);
      return updated;
    },

    /** Deletes a slot; never one with an active appointment, nor one whose past appointments it anchors. */
    async deleteBlock(caller: Caller, id_agenda: number): Promise<void> {
      const slot = await ownSlot(caller, id_agenda);
      await db.transaction().execute(async (trx) => {
        const appointments = await appointmentsOnSlots(trx).history(slot.id_agenda);
        if (appointments.active > 0 || slot.estado === 'Reservado') throw fail(409, 'bloque_con_cita', caller.language);
        if (appointments.total > 0) throw fail(409, 'bloque_con_historial', caller.language);
        if (!(await deleteFreeSlot(trx, slot.id_agenda))) throw fail(409, 'bloque_con_cita', caller.language);
        await markManualDay(trx, slot.id_doctor, slot.fecha, clock.now().toISOString());
      });
    },

    async blockedDays(caller: Caller, query: MesQuery): Promise<number[]> {
      return blockedDays(db, agendaOwner(caller, query.id_doctor), ...monthBounds(query.anio, query.mes));
    },
  };
}
