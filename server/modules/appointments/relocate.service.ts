import type { FastifyInstance } from 'fastify';
import type { CancelarReubicar, CitaPorReubicar, HuecoReubicar, MoverReubicar, Propuesta, ResultadoReubicar } from '../../../contracts/relocate.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { instantOf, localDate, localTime } from '../../lib/clock.ts';
import { AppError, fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { moveOpenConsultation, removeOpenConsultation } from '../consultations/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import {
  cancelWaitingAppointment,
  findRelocatable,
  findTargetSlot,
  freeSlotsOfSpecialty,
  leaveSlotClosed,
  listToRelocate,
  relocateAppointment,
} from './relocation.repository.ts';
import { findSlotById, reserveSlot } from './slots-for-appointments.ts';
import { holdExtraSlots, recordExtraSlots, releaseExtraSlotRecords, slotsWhereVisitFits } from './visit-span.ts';

/**
 * The desk's list of visits that fell on a closed day or inside their doctor's absence: moved in
 * bulk to free times of the same specialty, or cancelled with a reason. Each visit is its own
 * transaction, so one refused (its new time taken meanwhile, say) leaves the others done and
 * itself untouched; the answer says what happened to each.
 */
export function createRelocateService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const now = () => {
    const at = clock.now();
    return { at, fecha: localDate(at, config.timeZone), hora: localTime(at, config.timeZone) };
  };

  /** A refusal as a per-visit outcome; anything else is a fault and propagates. */
  const outcome = (id_cita: number, error: unknown, caller: Caller): ResultadoReubicar => {
    const refusal = uniqueViolation(error) ? fail(409, 'hueco_ocupado', caller.language) : error;
    if (!(refusal instanceof AppError)) throw error;
    return { id_cita, ok: false, code: refusal.code, detail: refusal.message };
  };

  async function waiting(caller: Caller, id_cita: number) {
    const cita = await findRelocatable(db, id_cita);
    if (!cita || cita.reubicar_causa === null || (cita.estado !== 'pendiente' && cita.estado !== 'Confirmada')) {
      throw fail(409, 'reubicar_no_pendiente', caller.language);
    }
    return cita;
  }

  async function moveOne(caller: Caller, id_cita: number, id_agenda: number): Promise<ResultadoReubicar> {
    const cita = await waiting(caller, id_cita);
    const slot = await findTargetSlot(db, id_agenda);
    if (!slot || slot.tipo !== 'Consulta' || slot.doctor_estado !== 'Activo') throw fail(404, 'hueco_no_encontrado', caller.language);
    if (slot.id_especialidad !== cita.id_especialidad) throw fail(409, 'reubicar_otra_especialidad', caller.language);
    const at = clock.now();
    if (instantOf(slot.fecha, slot.hora, config.timeZone).getTime() <= at.getTime()) throw fail(409, 'reubicar_hueco_pasado', caller.language);
    const stamp = at.toISOString();
    await db.transaction().execute(async (trx) => {
      if (!(await reserveSlot(trx, slot.id_agenda))) {
        const current = await findSlotById(trx, slot.id_agenda);
        throw current?.estado === 'Bloqueado' ? fail(409, 'hueco_bloqueado', caller.language) : fail(409, 'hueco_ocupado', caller.language);
      }
      const moved = await relocateAppointment(trx, {
        id_cita,
        from_agenda: cita.id_agenda,
        id_agenda: slot.id_agenda,
        id_doctor: slot.id_doctor,
        fecha: slot.fecha,
        hora: slot.hora,
        actualizado_en: stamp,
      });
      // Moved or cancelled by someone else a moment ago: that stands, and the new slot is not taken (rollback).
      if (!moved) throw fail(409, 'reubicar_no_pendiente', caller.language);
      await leaveSlotClosed(trx, cita.id_agenda, cita.reubicar_motivo ?? '');
      // A longer visit's later slots at the old time close with its first; at the new time it holds
      // as many minutes, or it does not move (rollback) and the desk is told it does not fit there.
      for (const id of await releaseExtraSlotRecords(trx, id_cita)) await leaveSlotClosed(trx, id, cita.reubicar_motivo ?? '');
      const extra = await holdExtraSlots(trx, { id_doctor: slot.id_doctor, fecha: slot.fecha, hora_inicio: slot.hora }, cita.duracion_min);
      if (!extra.ok) throw fail(409, extra.refusal === 'no_cabe' ? 'tipo_visita_no_cabe' : 'hueco_ocupado', caller.language);
      await recordExtraSlots(trx, id_cita, extra.ids);
      await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, {
        tipo: 'cambiada',
        por: 'clinica',
        antes: { fecha: cita.fecha, hora: cita.hora.slice(0, 5) },
        // Why the old time could not stand (the closure's or the absence's reason).
        motivo: cita.reubicar_motivo,
      });
      await moveOpenConsultation(trx, id_cita, { id_doctor: slot.id_doctor, fecha: slot.fecha, hora: slot.hora });
      await writeAudit(
        trx,
        actorAudit(caller.actor, caller.address, stamp, {
          accion: 'cita.reubicar',
          id_paciente: cita.id_paciente,
          detalle: `cita ${id_cita}: ${cita.fecha} ${cita.hora.slice(0, 5)} (doctor ${cita.id_doctor}) -> ${slot.fecha} ${slot.hora} (doctor ${slot.id_doctor})`,
        }),
      );
    });
    sendNoticesSoon(app);
    return { id_cita, ok: true, fecha: slot.fecha, hora: slot.hora, doctor: slot.doctor };
  }

  async function cancelOne(caller: Caller, id_cita: number, motivo: string): Promise<ResultadoReubicar> {
    const cita = await waiting(caller, id_cita);
    const stamp = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      if (!(await cancelWaitingAppointment(trx, id_cita, motivo, stamp))) throw fail(409, 'reubicar_no_pendiente', caller.language);
      // The day stays closed: its slot is not offered again.
      await leaveSlotClosed(trx, cita.id_agenda, cita.reubicar_motivo ?? motivo);
      for (const id of await releaseExtraSlotRecords(trx, id_cita)) await leaveSlotClosed(trx, id, cita.reubicar_motivo ?? motivo);
      await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'cancelada', por: 'clinica', motivo });
      await removeOpenConsultation(trx, id_cita);
      await writeAudit(
        trx,
        actorAudit(caller.actor, caller.address, stamp, { accion: 'cita.cancelar', id_paciente: cita.id_paciente, detalle: `cita ${id_cita}: por reubicar` }),
      );
    });
    sendNoticesSoon(app);
    return { id_cita, ok: true };
  }

  return {
    /** The visits waiting, with their patients' contact: reading them is audited. */
    async list(caller: Caller): Promise<CitaPorReubicar[]> {
      const visits = await listToRelocate(db, caller.language);
      await writeAudit(db, actorAudit(caller.actor, caller.address, clock.now().toISOString(), { accion: 'citas.listar', id_paciente: null, detalle: `${visits.length} por reubicar` }));
      return visits;
    },

    /**
     * For each visit, the first free slot of its specialty after its original time (or after now,
     * when that has passed), never the same slot for two visits of the request.
     */
    async propose(caller: Caller, ids: number[]): Promise<Propuesta[]> {
      const current = now();
      const taken = new Set<number>();
      const answer: Propuesta[] = [];
      for (const id_cita of ids) {
        const cita = await findRelocatable(db, id_cita);
        if (!cita || cita.reubicar_causa === null) {
          answer.push({ id_cita, hueco: null });
          continue;
        }
        const original = { fecha: cita.fecha, hora: cita.hora.slice(0, 5) };
        const after = original.fecha > current.fecha || (original.fecha === current.fecha && original.hora > current.hora) ? original : current;
        // A longer visit is proposed only a time where it fits whole (looking a little further on for one).
        const candidates = await freeSlotsOfSpecialty(db, cita.id_especialidad, after, undefined, taken.size + (cita.duracion_min === null ? 1 : 50));
        const slots = await slotsWhereVisitFits(db, candidates, cita.duracion_min);
        const hueco = slots.find((slot) => !taken.has(slot.id_agenda)) ?? null;
        if (hueco) taken.add(hueco.id_agenda);
        answer.push({ id_cita, hueco });
      }
      return answer;
    },

    /** The free slots of one day open to a visit (its specialty's doctors), for choosing another time by hand. */
    async slots(caller: Caller, query: { id_cita: number; fecha: string }): Promise<HuecoReubicar[]> {
      const cita = await waiting(caller, query.id_cita);
      const current = now();
      if (query.fecha < current.fecha) return [];
      const after = query.fecha === current.fecha ? current : { fecha: query.fecha, hora: '' };
      return slotsWhereVisitFits(db, await freeSlotsOfSpecialty(db, cita.id_especialidad, after, query.fecha, 500), cita.duracion_min);
    },

    async move(caller: Caller, input: MoverReubicar): Promise<{ resultados: ResultadoReubicar[] }> {
      const resultados: ResultadoReubicar[] = [];
      for (const { id_cita, id_agenda } of input.citas) {
        try {
          resultados.push(await moveOne(caller, id_cita, id_agenda));
        } catch (error) {
          resultados.push(outcome(id_cita, error, caller));
        }
      }
      return { resultados };
    },

    async cancel(caller: Caller, input: CancelarReubicar): Promise<{ resultados: ResultadoReubicar[] }> {
      const resultados: ResultadoReubicar[] = [];
      for (const id_cita of new Set(input.ids)) {
        try {
          resultados.push(await cancelOne(caller, id_cita, input.motivo));
        } catch (error) {
          resultados.push(outcome(id_cita, error, caller));
        }
      }
      return { resultados };
    },
  };
}
