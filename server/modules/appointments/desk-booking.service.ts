import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { FastifyInstance } from 'fastify';
import { fechaTexto } from '../../../contracts/booking-rules-words.ts';
import type {
  CancelarCitaRecepcion,
  CitaRecepcionDatos,
  CitaRecepcionItem,
  CitasPacienteRecepcion,
  DoctorRecepcion,
  HuecoLibre,
  HuecosFiltro,
  MoverCitaRecepcionDatos,
} from '../../../contracts/desk-booking.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { fullName } from '../../../contracts/names.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { instantOf, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { moveOpenConsultation, openConsultationFor } from '../consultations/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { visitTypeNamer } from '../visit-types/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { changeAppointmentState, insertAppointment, lockAppointment } from './appointments.repository.ts';
import { countBookingCaps, lockPatient, type BookingCounts } from './booking-caps.repository.ts';
import { listBookableDoctors } from './bookable.repository.ts';
import { bookingRules } from './booking-rules.ts';
import { bookingWindow, capsClock, ensureBookable } from './booking-window.ts';
import { findBookablePatient, findVisitWithSpecialty, listUpcomingVisits, moveVisitByDesk, setCapOverride } from './desk-booking.repository.ts';
import { findSlotWithDoctor, listFirstFreeSlots } from './first-free-slots.ts';
import { releaseAppointment, settleSlots } from './release-appointment.ts';
import { freeSlot, reserveSlot } from './slots-for-appointments.ts';
import { chooseVisitType, type ChosenType } from './visit-type-choice.ts';
import { daySlotsFrom, freeExtraSlots, holdExtraSlots, recordExtraSlots, spanFree, spanOf, visitEnd } from './visit-span.ts';
import type { ReglasReserva } from '../../../contracts/booking-rules.ts';

/**
 * Which days between two dates the whole clinic is closed (a public holiday it does not open on, a
 * local holiday, a closure): the agenda knows, and the composition root hands it in.
 */
export type ClosedDay = (
  db: Kysely<Database> | Transaction<Database>,
  app: FastifyInstance,
  from: string,
  to: string,
) => Promise<{ isHoliday(fecha: string): boolean }>;

const hhmm = (time: string) => time.slice(0, 5);

type Localised = { especialidad_es: string; especialidad_ca: string; especialidad_en: string };
const specialtyIn = (row: Localised, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];

/** The first cap of decision #30 the visit would pass, if any (the one-per-doctor-a-day only when moving). */
function capPassed(rules: ReglasReserva, counts: BookingCounts, moving: boolean) {
  if (!moving && counts.activeFuture >= rules.max_citas_activas) {
    return { code: 'recepcion_limite_citas_activas' as const, params: { max: rules.max_citas_activas } as Record<string, number> };
  }
  if (counts.withDoctorThatDay >= rules.max_citas_doctor_dia) {
    return { code: 'recepcion_limite_citas_doctor_dia' as const, params: {} as Record<string, number> };
  }
  return undefined;
}

type SlotWithDoctor = NonNullable<Awaited<ReturnType<typeof findSlotWithDoctor>>>;
const bookableSlot = (slot: SlotWithDoctor | undefined): slot is SlotWithDoctor =>
  slot !== undefined && slot.tipo === 'Consulta' && slot.doctor_estado === 'Activo' && slot.doctor_activo === 1 && slot.doctor_rol === 'doctor';

/**
 * The front desk books, moves and cancels visits for any patient (decision #34): visits it books
 * are confirmed at once; the caps of decision #30 apply unless the desk gives a reason (#36).
 * Races keep the booking's rules: the slot is taken by a conditional update, so of a desk, an
 * online booking, the waitlist and a doctor's assignment on one slot exactly one wins.
 */
export function createDeskBookingService(app: FastifyInstance, isClosedDay: ClosedDay) {
  const { db, clock, config } = app;

  /** Refusals about the time itself, the same for a booking and a move. */
  const ensureTimeBookable = async (
    trx: Kysely<Database> | Transaction<Database>,
    rules: ReglasReserva,
    slot: SlotWithDoctor,
    now: Date,
    language: Language,
  ) => {
    const hora = hhmm(slot.hora_inicio);
    if (instantOf(slot.fecha, hora, config.timeZone).getTime() <= now.getTime()) throw fail(400, 'cita_pasada', language);
    if ((await isClosedDay(trx, app, slot.fecha, slot.fecha)).isHoliday(slot.fecha)) throw fail(409, 'recepcion_dia_cerrado', language, { params: { fecha: fechaTexto(slot.fecha) } });
    ensureBookable(rules, { fecha: slot.fecha, hora }, now, config.timeZone, language);
  };

  const toItem = (
    row: Awaited<ReturnType<typeof listUpcomingVisits>>[number],
    language: Language,
    typeOf: Awaited<ReturnType<typeof visitTypeNamer>>,
  ): CitaRecepcionItem => ({
    id_cita: row.id_cita,
    id_paciente: row.id_paciente,
    id_doctor: row.id_doctor,
    doctor: fullName(row),
    id_especialidad: row.id_especialidad,
    especialidad: specialtyIn(row, language),
    id_agenda: row.id_agenda,
    fecha: row.fecha,
    hora: hhmm(row.hora),
    estado: row.estado,
    limite_forzado: row.limite_forzado,
    tipo_visita: typeOf(row.id_tipo_visita),
  });

  const visitItem = async (id_cita: number, language: Language): Promise<CitaRecepcionItem> => {
    const now = clock.now();
    const [row] = await listUpcomingVisits(db, { id_cita, today: localDate(now, config.timeZone), time: '00:00' });
    if (!row) throw fail(404, 'cita_no_encontrada', language);
    return toItem(row, language, await visitTypeNamer(db, language));
  };

  return {
    /** The doctors the desk may book with (bookable ones), by surname. */
    async doctors({ language }: Caller, id_especialidad: number | undefined): Promise<DoctorRecepcion[]> {
      const rows = await listBookableDoctors(db, id_especialidad);
      return rows.map((row) => ({ id_doctor: row.id_doctor, nombre: fullName(row), id_especialidad: row.id_especialidad, especialidad: specialtyIn(row, language) }));
    },

    /** "Primeros huecos libres": free times inside the clinic's notice and horizon, off closed days, soonest first. */
    async firstFreeSlots({ language }: Caller, query: HuecosFiltro): Promise<HuecoLibre[]> {
      const now = clock.now();
      const rules = await bookingRules(app);
      const window = bookingWindow(rules, now, config.timeZone);
      let fromDay = window.firstDay;
      let fromTime = window.firstTime;
      if (query.desde !== undefined && query.desde > fromDay) {
        fromDay = query.desde;
        fromTime = '00:00';
      }
      const found: HuecoLibre[] = [];
      // For a type: each doctor's length for it, or null when that doctor does not offer it.
      const typeAt = new Map<number, ChosenType | null>();
      const fits = async (row: { id_doctor: number; fecha: string; hora_inicio: string }) => {
        if (query.tipo === undefined) return { fit: true, minutos: null };
        if (!typeAt.has(row.id_doctor)) {
          typeAt.set(row.id_doctor, await chooseVisitType(db, row.id_doctor, query.tipo, { staff: true }, language).catch(() => null));
        }
        const chosen = typeAt.get(row.id_doctor);
        if (!chosen) return { fit: false, minutos: null };
        const span = spanOf(await daySlotsFrom(db, row.id_doctor, row.fecha, row.hora_inicio), 0, chosen.minutos);
        return { fit: span !== undefined && spanFree(span), minutos: chosen.minutos };
      };
      // Closed days are few: a batch a little larger than asked for is nearly always enough.
      const batch = query.limite * 2 + 10;
      for (let offset = 0; found.length < query.limite; offset += batch) {
        const rows = await listFirstFreeSlots(db, {
          id_especialidad: query.id_especialidad,
          id_doctor: query.id_doctor,
          fromDay,
          fromTime,
          lastDay: window.lastDay,
          limit: batch,
          offset,
        });
        const closed = rows.length > 0 ? await isClosedDay(db, app, rows[0]!.fecha, rows.at(-1)!.fecha) : undefined;
        for (const row of rows) {
          if (found.length === query.limite) break;
          if (closed?.isHoliday(row.fecha)) continue;
          const { fit, minutos } = await fits(row);
          if (!fit) continue;
          found.push({
            id_agenda: row.id_agenda,
            id_doctor: row.id_doctor,
            doctor: fullName(row),
            id_especialidad: row.id_especialidad,
            especialidad: specialtyIn(row, language),
            fecha: row.fecha,
            hora_inicio: hhmm(row.hora_inicio),
            hora_fin: visitEnd(row, minutos),
          });
        }
        if (rows.length < batch) break;
      }
      return found;
    },

    /** Who is being booked and their visits still to come; the desk's reading is audited as administrative access. */
    async patientVisits(caller: Caller, id_paciente: number): Promise<CitasPacienteRecepcion> {
      const patient = await findBookablePatient(db, id_paciente);
      if (!patient) throw fail(404, 'recepcion_paciente_no_encontrado', caller.language);
      const now = clock.now();
      const rows = await listUpcomingVisits(db, { id_paciente, today: localDate(now, config.timeZone), time: localTime(now, config.timeZone) });
      await writeAudit(db, actorAudit(caller.actor, caller.address, now.toISOString(), { accion: 'citas.listar', id_paciente, detalle: 'recepción' }));
      const typeOf = await visitTypeNamer(db, caller.language);
      return { paciente: patient, citas: rows.map((row) => toItem(row, caller.language, typeOf)) };
    },

    /**
     * Books a free time for a patient, confirmed at once, in one transaction: the caps are counted
     * under a lock on the patient, the slot is taken conditionally, the visit, its reminder (the
     * patient's notice), its consultation (as a doctor's confirmation opens one) and the audit row.
     */
    async book(caller: Caller, input: CitaRecepcionDatos): Promise<CitaRecepcionItem> {
      const { language } = caller;
      const now = clock.now();
      const stamp = now.toISOString();
      const patient = await findBookablePatient(db, input.id_paciente);
      if (!patient) throw fail(404, 'recepcion_paciente_no_encontrado', language);
      const slot = await findSlotWithDoctor(db, input.id_agenda);
      if (!bookableSlot(slot)) throw fail(404, 'recepcion_hueco_no_encontrado', language);
      const rules = await bookingRules(app);
      await ensureTimeBookable(db, rules, slot, now, language);
      const hora = hhmm(slot.hora_inicio);
      let id_cita: number;
      try {
        id_cita = await db.transaction().execute(async (trx) => {
          await lockPatient(trx, input.id_paciente, app.database.dialect);
          const counts = await countBookingCaps(trx, { id_paciente: input.id_paciente, id_doctor: slot.id_doctor, fecha: slot.fecha, ...capsClock(now, config.timeZone) });
          const cap = capPassed(rules, counts, false);
          if (cap && !input.forzar_limite) throw fail(409, cap.code, language, { params: cap.params });
          const chosen = await chooseVisitType(trx, slot.id_doctor, input.id_tipo_visita, { staff: true }, language);
          if (!(await reserveSlot(trx, slot.id_agenda))) throw fail(409, 'recepcion_hueco_ocupado', language);
          const extra = await holdExtraSlots(trx, slot, chosen.minutos);
          if (!extra.ok) throw fail(409, extra.refusal === 'no_cabe' ? 'tipo_visita_no_cabe' : 'recepcion_hueco_ocupado', language);
          const id = await insertAppointment(trx, {
            id_paciente: input.id_paciente,
            id_doctor: slot.id_doctor,
            id_agenda: slot.id_agenda,
            fecha: slot.fecha,
            hora,
            motivo: input.motivo,
            recordatorio: true,
            creado_en: stamp,
            estado: 'Confirmada',
            id_tipo_visita: chosen.id_tipo,
            duracion_min: chosen.minutos,
          });
          await recordExtraSlots(trx, id, extra.ids);
          const override = cap && input.forzar_limite ? input.forzar_limite.motivo : null;
          if (override) await setCapOverride(trx, id, override);
          await recordVisitChange(app, trx, findAppointmentMailRows, id, { tipo: 'reservada_recepcion' });
          await openConsultationFor(trx, { id_cita: id, id_paciente: input.id_paciente, id_doctor: slot.id_doctor, fecha: slot.fecha, hora, motivo: input.motivo }, stamp);
          await writeAudit(
            trx,
            actorAudit(caller.actor, caller.address, stamp, {
              accion: 'cita.crear',
              id_paciente: input.id_paciente,
              detalle: `cita ${id}, doctor ${slot.id_doctor}, recepción` + (cap && override ? `; ${cap.code}: ${override}` : ''),
            }),
          );
          return id;
        });
      } catch (error) {
        // The slot was marked free while an active visit held it: the unique index refuses the second.
        if (uniqueViolation(error)) throw fail(409, 'recepcion_hueco_ocupado', language);
        throw error;
      }
      sendNoticesSoon(app);
      return visitItem(id_cita, language);
    },

    /**
     * Moves a visit to another free time, of its doctor or another of the same specialty, in one
     * transaction: the new slot is taken conditionally, the visit (same id, reason and
     * consultation, so its type and notes) moves onto it if it is still where this desk saw it,
     * the old slot is free and the reminder follows. After the commit the waitlist hears of the
     * freed slot. Any refusal rolls everything back.
     */
    async move(caller: Caller, id_cita: number, input: MoverCitaRecepcionDatos): Promise<CitaRecepcionItem> {
      const { language } = caller;
      const now = clock.now();
      const stamp = now.toISOString();
      const rules = await bookingRules(app);
      let freed: number;
      try {
        freed = await db.transaction().execute(async (trx) => {
          // Locked first, as every change of a visit does, then read with its specialty.
          await lockAppointment(trx, id_cita, app.database.dialect);
          const cita = await findVisitWithSpecialty(trx, id_cita);
          if (!cita) throw fail(404, 'cita_no_encontrada', language);
          if (cita.estado === 'Cancelada') throw fail(409, 'cita_cancelada_no_modificable', language);
          if (cita.id_agenda !== input.desde_agenda) throw fail(409, 'recepcion_cita_cambiada', language);
          if (instantOf(cita.fecha, hhmm(cita.hora), config.timeZone).getTime() <= now.getTime()) {
            throw fail(409, 'cita_pasada_no_modificable', language);
          }
          const slot = await findSlotWithDoctor(trx, input.id_agenda);
          if (!bookableSlot(slot)) throw fail(404, 'recepcion_hueco_no_encontrado', language);
          if (slot.id_especialidad !== cita.id_especialidad) throw fail(400, 'recepcion_otra_especialidad', language);
          if (slot.id_agenda === cita.id_agenda) throw fail(409, 'cita_misma_hora', language);
          await ensureTimeBookable(trx, rules, slot, now, language);
          await lockPatient(trx, cita.id_paciente, app.database.dialect);
          // The visit being moved must not count against its own move.
          const counts = await countBookingCaps(trx, {
            id_paciente: cita.id_paciente,
            id_doctor: slot.id_doctor,
            fecha: slot.fecha,
            ...capsClock(now, config.timeZone),
            except: id_cita,
          });
          const cap = capPassed(rules, counts, true);
          if (cap && !input.forzar_limite) throw fail(409, cap.code, language, { params: cap.params });
          // A longer visit lets its later slots go first, so it may move within its own time.
          const letGo = await freeExtraSlots(trx, id_cita);
          if (!(await reserveSlot(trx, slot.id_agenda))) throw fail(409, 'recepcion_hueco_ocupado', language);
          const hora = hhmm(slot.hora_inicio);
          const override = cap && input.forzar_limite ? input.forzar_limite.motivo : null;
          const moved = await moveVisitByDesk(trx, {
            id_cita,
            from_agenda: cita.id_agenda,
            id_agenda: slot.id_agenda,
            id_doctor: slot.id_doctor,
            fecha: slot.fecha,
            hora,
            actualizado_en: stamp,
            limite_forzado: override,
          });
          // Another desk moved or cancelled it a moment ago: that stands, and the new slot is not taken (rollback).
          if (!moved) throw fail(409, 'recepcion_cita_cambiada', language);
          await freeSlot(trx, cita.id_agenda);
          await app.settleFreedSlot(trx, cita.id_agenda);
          // The visit keeps its length at the new time, or does not move.
          const extra = await holdExtraSlots(trx, slot, cita.duracion_min);
          if (!extra.ok) throw fail(409, extra.refusal === 'no_cabe' ? 'tipo_visita_no_cabe' : 'recepcion_hueco_ocupado', language);
          await recordExtraSlots(trx, id_cita, extra.ids);
          await settleSlots(app, trx, letGo);
          await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, {
            tipo: 'cambiada',
            por: 'clinica',
            antes: { fecha: cita.fecha, hora: hhmm(cita.hora) },
          });
          const to = { id_doctor: slot.id_doctor, fecha: slot.fecha, hora };
          if (!(await moveOpenConsultation(trx, id_cita, to))) {
            await openConsultationFor(trx, { id_cita, id_paciente: cita.id_paciente, motivo: cita.motivo, ...to }, stamp);
          }
          await writeAudit(
            trx,
            actorAudit(caller.actor, caller.address, stamp, {
              accion: 'cita.cambiar',
              id_paciente: cita.id_paciente,
              detalle:
                `cita ${id_cita}: ${cita.fecha} ${hhmm(cita.hora)} doctor ${cita.id_doctor} -> ${slot.fecha} ${hora} doctor ${slot.id_doctor}, recepción` +
                (cap && override ? `; ${cap.code}: ${override}` : ''),
            }),
          );
          return cita.id_doctor;
        });
      } catch (error) {
        if (uniqueViolation(error)) throw fail(409, 'recepcion_hueco_ocupado', language);
        throw error;
      }
      sendNoticesSoon(app);
      app.events.emit('slotFreed', { id_doctor: freed });
      return visitItem(id_cita, language);
    },

    /**
     * Cancels a visit for the clinic with a reason the patient reads: slot free, reminder stopped,
     * unfinished consultation removed, audited; the patient's e-mail and the waitlist after the commit.
     */
    async cancel(caller: Caller, id_cita: number, input: CancelarCitaRecepcion): Promise<{ id_cita: number; estado: 'Cancelada' }> {
      const { language } = caller;
      const now = clock.now();
      const stamp = now.toISOString();
      const { id_doctor } = await db.transaction().execute(async (trx) => {
        const cita = await lockAppointment(trx, id_cita, app.database.dialect);
        if (!cita) throw fail(404, 'cita_no_encontrada', language);
        if (cita.estado === 'Cancelada') throw fail(409, 'cita_ya_cancelada', language);
        if (instantOf(cita.fecha, hhmm(cita.hora), config.timeZone).getTime() <= now.getTime()) {
          throw fail(400, 'cita_pasada_no_cancelable', language);
        }
        const cancelled = await changeAppointmentState(trx, id_cita, 'Cancelada', ['pendiente', 'Confirmada'], stamp, {
          cancelada_por: 'clinica',
          motivo_rechazo: input.motivo,
        });
        if (!cancelled) throw fail(409, 'cita_ya_cancelada', language);
        await releaseAppointment(app, trx, cita);
        // The clinic cancelled it, not the doctor: the patient is told so, with the desk's reason.
        await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'cancelada', por: 'clinica', motivo: input.motivo });
        await writeAudit(
          trx,
          actorAudit(caller.actor, caller.address, stamp, {
            accion: 'cita.cancelar',
            id_paciente: cita.id_paciente,
            detalle: `cita ${id_cita}: recepción: ${input.motivo}`,
          }),
        );
        return { id_doctor: cita.id_doctor };
      });
      sendNoticesSoon(app);
      app.events.emit('slotFreed', { id_doctor });
      return { id_cita, estado: 'Cancelada' };
    },
  };
}
