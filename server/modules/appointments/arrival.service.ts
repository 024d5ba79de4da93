import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { CambioDia, SinCita, SinCitaCreada } from '../../../contracts/clinic-day.ts';
import type { ApiCode } from '../../../contracts/messages/index.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/schema/index.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { instantOf, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { openConsultationFor, removeOpenConsultation } from '../consultations/index.ts';
import { callIn, markExtra, recordArrival, recordDeskNoShow, undoArrival } from './arrival.repository.ts';
import { findAppointment, insertAppointment, recordNoShowStanding } from './appointments.repository.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { bookedOnItsDay } from './no-show-disputes.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { dayState } from './day-board.ts';
import { findActivePatient, findWorkingDoctor, freeSlotsLeft, hasOpenVisitThatDay } from './day-board.repository.ts';
import { insertReservedSlot, reserveSlot } from './slots-for-appointments.ts';
import { daySlotsFrom, holdExtraSlots, recordExtraSlots, spanFree, spanOf } from './visit-span.ts';
import { chooseVisitType } from './visit-type-choice.ts';

/**
 * The slot of an extra visit: no length, at the minute it was added, its start written to the
 * second (HH:MM:SS, which no ordinary slot uses) so that extras of one doctor in the same minute do
 * not share a start; screens cut it to HH:MM. Tries the minute's seconds from `second` on.
 */
async function extraSlot(trx: Transaction<Database>, id_doctor: number, fecha: string, time: string, second: number) {
  for (let step = 0; step < 60; step += 1) {
    const start = `${time}:${String((second + step) % 60).padStart(2, '0')}`;
    const id_agenda = await insertReservedSlot(trx, { id_doctor, fecha, hora_inicio: start, hora_fin: start, duracion_min: 0 });
    if (id_agenda !== undefined) return id_agenda;
  }
  return undefined;
}

type Visit = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

/**
 * Why a change of the day's state was refused, read from the visit as it is now (after the
 * conditional update lost): the sentence tells the desk what another desk or the doctor did.
 */
function refusalFor(visit: Visit): ApiCode {
  if (visit.estado !== 'Confirmada') return 'dia_cita_no_confirmada';
  const state = dayState(visit);
  if (state === 'atendido' || state === 'no_presentado') return 'dia_cita_cerrada';
  if (state === 'en_consulta') return 'dia_ya_en_consulta';
  if (state === 'llego') return 'llegada_ya_registrada';
  return 'llegada_no_registrada';
}

/**
 * The visit's day at the desk and in the doctor's room: reception checks a patient in (or undoes
 * a mistaken check-in), marks a no-show once the time has passed, adds a walk-in; the doctor calls
 * an arrived patient in. Completing the consultation (attendance.service) makes the visit atendido.
 */
export function createArrivalService(app: FastifyInstance) {
  const { db, clock, config } = app;

  const audit = (trx: Transaction<Database>, caller: Caller, accion: AccionAuditoria, id_paciente: number, detalle: string, at: string) =>
    writeAudit(trx, actorAudit(caller.actor, caller.address, at, { accion, id_paciente, detalle }));

  /** Loads the visit in the transaction; 404 when it names nothing. */
  async function visitOf(trx: Transaction<Database>, caller: Caller, id_cita: number): Promise<Visit> {
    const visit = await findAppointment(trx, id_cita);
    if (!visit) throw fail(404, 'cita_no_encontrada', caller.language);
    return visit;
  }

  return {
    /** One click at the desk: the patient of today's confirmed visit is here. */
    async checkIn(caller: Caller, id_cita: number): Promise<CambioDia> {
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const visit = await visitOf(trx, caller, id_cita);
        if (visit.fecha !== localDate(now, config.timeZone)) throw fail(409, 'llegada_otro_dia', caller.language);
        if (!(await recordArrival(trx, id_cita, stamp))) {
          throw fail(409, refusalFor((await findAppointment(trx, id_cita)) ?? visit), caller.language);
        }
        await audit(trx, caller, 'cita.llegada', visit.id_paciente, `cita ${id_cita}`, stamp);
      });
      return { id_cita, estado: 'llego' };
    },

    /** A mistaken check-in undone, while the patient has not been called in. */
    async undoCheckIn(caller: Caller, id_cita: number): Promise<CambioDia> {
      const stamp = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const visit = await visitOf(trx, caller, id_cita);
        if (!(await undoArrival(trx, id_cita, stamp))) {
          throw fail(409, refusalFor((await findAppointment(trx, id_cita)) ?? visit), caller.language);
        }
        await audit(trx, caller, 'cita.llegada_deshacer', visit.id_paciente, `cita ${id_cita}`, stamp);
      });
      return { id_cita, estado: 'citado' };
    },

    /** The desk marks a no-show once the visit's time has come, if nobody checked the patient in. */
    async markNoShow(caller: Caller, id_cita: number): Promise<CambioDia> {
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const visit = await visitOf(trx, caller, id_cita);
        if (instantOf(visit.fecha, visit.hora.slice(0, 5), config.timeZone).getTime() > now.getTime()) {
          throw fail(409, 'asistencia_antes_de_hora', caller.language);
        }
        if (!(await recordDeskNoShow(trx, id_cita, stamp))) {
          const current = (await findAppointment(trx, id_cita)) ?? visit;
          const code = refusalFor(current);
          throw fail(409, code === 'llegada_ya_registrada' ? 'no_presentado_ya_llego' : code, caller.language);
        }
        await recordNoShowStanding(trx, id_cita, bookedOnItsDay(visit, config.timeZone));
        // No visit to write up: the consultation its confirmation opened goes, as when the doctor marks it.
        await removeOpenConsultation(trx, id_cita);
        // The patient is told, as when the doctor marks it, and may dispute a same-day one.
        await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'no_presentada' });
        await audit(trx, caller, 'cita.no_presentado', visit.id_paciente, `cita ${id_cita}`, stamp);
      });
      sendNoticesSoon(app);
      return { id_cita, estado: 'no_presentado' };
    },

    /** The doctor calls one of their arrived patients in. */
    async call(caller: Caller, id_cita: number): Promise<CambioDia> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const stamp = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const visit = await visitOf(trx, caller, id_cita);
        if (visit.id_doctor !== id_doctor) throw fail(403, 'sin_permiso', caller.language);
        if (!(await callIn(trx, id_cita, id_doctor, stamp))) {
          const code = refusalFor((await findAppointment(trx, id_cita)) ?? visit);
          throw fail(409, code === 'llegada_no_registrada' ? 'llamar_sin_llegada' : code === 'llegada_ya_registrada' ? 'dia_ya_en_consulta' : code, caller.language);
        }
        await audit(trx, caller, 'cita.llamar', visit.id_paciente, `cita ${id_cita}`, stamp);
      });
      return { id_cita, estado: 'en_consulta' };
    },

    /**
     * A walk-in, arrived at once: into the doctor's next free slot of today (`hueco`), or as an
     * extra visit outside the slots (`extra`), which gets a slot of its own with no length at the
     * minute it was added, so it never takes the time of a booked visit or of a free slot.
     */
    async walkIn(caller: Caller, input: SinCita): Promise<SinCitaCreada> {
      const body = input;
      const now = clock.now();
      const stamp = now.toISOString();
      const fecha = localDate(now, config.timeZone);
      const time = localTime(now, config.timeZone);
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await findActivePatient(trx, body.id_paciente))) throw fail(404, 'paciente_no_encontrado', caller.language);
          if (!(await findWorkingDoctor(trx, body.id_doctor))) throw fail(404, 'doctor_no_encontrado', caller.language);
          if (await hasOpenVisitThatDay(trx, body.id_paciente, body.id_doctor, fecha)) {
            throw fail(409, 'sin_cita_ya_tiene_cita', caller.language);
          }
          // A type's walk-in takes its length of the agenda; without one, one slot as before types.
          const chosen = await chooseVisitType(trx, body.id_doctor, body.id_tipo_visita, { staff: true }, caller.language);
          let slot: { id_agenda: number; hora: string } | undefined;
          let extraSlots: number[] = [];
          if (body.modo === 'hueco') {
            const day = await daySlotsFrom(trx, body.id_doctor, fecha, '00:00');
            for (const free of await freeSlotsLeft(trx, body.id_doctor, fecha, time)) {
              const span = spanOf(day, day.findIndex((one) => one.id_agenda === free.id_agenda), chosen.minutos);
              if (!span || !spanFree(span)) continue;
              if (await reserveSlot(trx, free.id_agenda)) {
                const held = await holdExtraSlots(trx, { id_doctor: body.id_doctor, fecha, hora_inicio: free.hora_inicio }, chosen.minutos);
                // Taken a moment ago by a booking: nothing of this walk-in stays (rollback).
                if (!held.ok) throw fail(409, 'sin_cita_reintentar', caller.language);
                extraSlots = held.ids;
                slot = { id_agenda: free.id_agenda, hora: free.hora_inicio.slice(0, 5) };
                break;
              }
            }
            if (!slot) throw fail(409, 'sin_cita_sin_hueco', caller.language);
          } else {
            const id_agenda = await extraSlot(trx, body.id_doctor, fecha, time, now.getUTCSeconds());
            if (id_agenda === undefined) throw fail(409, 'sin_cita_reintentar', caller.language);
            slot = { id_agenda, hora: time };
          }
          const cita = {
            id_paciente: body.id_paciente,
            id_doctor: body.id_doctor,
            id_agenda: slot.id_agenda,
            fecha,
            hora: slot.hora,
            motivo: body.motivo,
            recordatorio: false,
            creado_en: stamp,
            estado: 'Confirmada' as const,
            id_tipo_visita: chosen.id_tipo,
            duracion_min: chosen.minutos,
          };
          const id_cita = await insertAppointment(trx, cita);
          await recordExtraSlots(trx, id_cita, extraSlots);
          await recordArrival(trx, id_cita, stamp);
          if (body.modo === 'extra') await markExtra(trx, id_cita);
          // A confirmed visit has its consultation open until the doctor completes it (decision #32).
          await openConsultationFor(trx, { ...cita, id_cita }, stamp);
          await writeAudit(
            trx,
            actorAudit(caller.actor, caller.address, stamp, {
              accion: 'cita.sin_cita',
              id_paciente: body.id_paciente,
              detalle: `cita ${id_cita}${body.modo === 'extra' ? ' (extra)' : ''}`,
            }),
          );
          return { id_cita, id_doctor: body.id_doctor, fecha, hora: slot.hora, extra: body.modo === 'extra', estado: 'llego' as const };
        });
      } catch (error) {
        // A booking took the slot between the read and the insert: the unique index refuses the second.
        if (uniqueViolation(error)) throw fail(409, 'sin_cita_reintentar', caller.language);
        throw error;
      }
    },
  };
}
