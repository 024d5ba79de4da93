import { fullName } from '../../../contracts/names.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  CitaCambiada,
  CitaCreada,
  cambioCitaSchema,
  Disponibilidad,
  DoctorCita,
  MiCita,
  disponibilidadQuery,
  misCitasQuery,
  nuevaCitaSchema,
} from '../../../contracts/appointments.ts';
import type { Language } from '../../../contracts/messages/index.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { ownPatientId } from '../../lib/access.ts';
import { addDays, instantOf, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import {
  appointmentIcs,
  calendarContext,
  notifyDoctorOfBooking,
  queueRequestNotice,
} from '../reminders/index.ts';
import { readClinic } from '../clinic/index.ts';
import { visitTypeNamer } from '../visit-types/index.ts';
import type { MisReglas } from '../../../contracts/booking-rules.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { changeAppointmentState, countNoShows, countPendingRequests, lockAppointment, moveAppointment, insertAppointment, listPatientAppointments, patientAppointmentsOnSlots } from './appointments.repository.ts';
import { findBookableDoctor, findBookableSlot, listBookableDoctorSlots, listBookableDoctors } from './bookable.repository.ts';
import { countAddressCaps, countBookingCaps, lockPatient } from './booking-caps.repository.ts';
import { bookingRules } from './booking-rules.ts';
import { bookingWindow, capsClock, ensureBookable, ensureMoveWithinCaps, ensureWithinAddressCaps, ensureWithinCaps, insideCancelNotice, justRequested, lateChange, noShowsSince } from './booking-window.ts';
import { moveAwayFrom, releaseAppointment, settleSlots } from './release-appointment.ts';
import { findSlotAt, findSlotById, reserveSlot, type SlotRow } from './slots-for-appointments.ts';
import { bookableTypes, chooseVisitType } from './visit-type-choice.ts';
import { freeExtraSlots, holdExtraSlots, recordExtraSlots, spanFree, spanOf, visitEnd } from './visit-span.ts';

type Localised = { especialidad_es: string; especialidad_ca: string; especialidad_en: string };
const specialtyIn = (row: Localised, language: Language) =>
  ({ es: row.especialidad_es, ca: row.especialidad_ca, en: row.especialidad_en })[language];

const hhmm = (time: string) => time.slice(0, 5);

/** How a slot looks to a patient: a 'Bloqueo' row is blocked whatever its estado. */
const tipoOf = (slot: SlotRow) => (slot.tipo === 'Bloqueo' ? 'Bloqueado' : slot.estado);

export function createBookingService(app: FastifyInstance) {
  const { db, clock, config } = app;

  return {
    async listDoctors({ language }: Caller, id_especialidad: number | undefined): Promise<DoctorCita[]> {
      const rows = await listBookableDoctors(db, id_especialidad);
      return rows.map((row) => ({
        id: row.id_doctor,
        nombre: fullName(row),
        especialidades: [{ id_especialidad: row.id_especialidad, nombre: specialtyIn(row, language) }],
      }));
    },

    /**
     * A doctor's slots for `dias` days from `desde` (today by default); free slots already past are
     * left out. The calling patient's own visits carry `mia` (their request or their confirmed visit).
     */
    async availability(
      { actor, language }: Caller,
      doctorId: number,
      query: z.infer<typeof disponibilidadQuery>,
    ): Promise<Disponibilidad[]> {
      const now = clock.now();
      const today = localDate(now, config.timeZone);
      const time = localTime(now, config.timeZone);
      const desde = query.desde ?? today;
      const hasta = addDays(desde, query.dias);
      const window = bookingWindow(await bookingRules(app), now, config.timeZone);
      const chosen =
        query.tipo === undefined || actor.id_paciente === null
          ? undefined
          : await chooseVisitType(db, doctorId, query.tipo, { staff: false, id_paciente: actor.id_paciente }, language);
      const [slots, mine] = await Promise.all([
        listBookableDoctorSlots(db, doctorId, desde, hasta),
        actor.id_paciente === null
          ? new Map<number, never>()
          : patientAppointmentsOnSlots(db, actor.id_paciente, doctorId, desde, hasta),
      ]);
      // No slots: a doctor without any in these days, or one patients may not book with.
      if (slots.length === 0 && !(await findBookableDoctor(db, doctorId))) throw fail(404, 'doctor_no_encontrado', language);
      // Compared as the clinic's wall-clock strings: converting each slot to an instant cost most of
      // this answer's time (a year of slots), and clinics are closed in the hour daylight saving repeats.
      const earliestDay = window.firstDay;
      const earliestTime = window.firstTime;
      return slots.flatMap((slot, index) => {
        const tipo = tipoOf(slot);
        // For a type, a free time is offered only where the whole visit fits, and it ends when the visit does.
        let hora_fin = hhmm(slot.hora_fin);
        if (chosen && tipo === 'Disponible') {
          const span = spanOf(slots, index, chosen.minutos);
          if (!span || !spanFree(span) || span.some((next) => next.fecha !== slot.fecha)) return [];
          hora_fin = visitEnd(slot, chosen.minutos);
        }
        const start = hhmm(slot.hora_inicio);
        const past = slot.fecha < today || (slot.fecha === today && start <= time);
        // Free slots outside the clinic's booking window are not offered.
        const outside =
          slot.fecha > window.lastDay || slot.fecha < earliestDay || (slot.fecha === earliestDay && start < earliestTime);
        if ((past || outside) && tipo === 'Disponible') return [];
        const mia = mine.get(slot.id_agenda);
        return [
          {
            fecha: slot.fecha,
            hora_inicio: hhmm(slot.hora_inicio),
            hora_fin,
            tipo,
            ...(mia ? { mia } : {}),
          },
        ];
      });
    },

    /**
     * Books a free slot for the patient in the token. One transaction: the slot
     * is taken with a conditional UPDATE (only one of several racing bookings changes it) and the
     * partial unique index citas_una_activa_por_hueco backs it up; then the pending appointment,
     * its reminder and the audit entry.
     */
    async book(caller: Caller, input: z.infer<typeof nuevaCitaSchema>): Promise<CitaCreada> {
      const { actor, language } = caller;
      const id_paciente = actor.id_paciente;
      if (id_paciente === null) throw fail(400, 'cita_faltan_datos', language);
      if (input.id_paciente !== undefined && input.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
      const now = clock.now();
      if (instantOf(input.fecha, input.hora, config.timeZone).getTime() <= now.getTime()) {
        throw fail(400, 'cita_pasada', language);
      }
      const rules = await bookingRules(app);
      ensureBookable(rules, input, now, config.timeZone, language);
      const stamp = now.toISOString();
      let booked: { id_cita: number; noticeDue: boolean; id_tipo_visita: number; hora_fin: string };
      try {
        booked = await db.transaction().execute(async (trx) => {
          const id_doctor = input.id_doctor;
          const slot = await findBookableSlot(trx, id_doctor, input.fecha, input.hora);
          if (!slot) {
            const bookable = await findBookableDoctor(trx, id_doctor);
            throw fail(404, bookable ? 'hueco_no_encontrado' : 'doctor_no_encontrado', language);
          }
          const chosen = await chooseVisitType(trx, id_doctor, input.id_tipo_visita, { staff: false, id_paciente }, language);
          // Booking caps, counted under a lock on the patient so that racing bookings of one
          // patient cannot pass them together.
          await lockPatient(trx, id_paciente, app.database.dialect);
          const clockNow = capsClock(now, config.timeZone);
          const counts = await countBookingCaps(trx, { id_paciente, id_doctor, fecha: slot.fecha, ...clockNow });
          ensureWithinCaps(rules, counts, language);
          // The same caps over every account made from the address this one signed up from.
          const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
          const addressCounts = await countAddressCaps(trx, { id_paciente, today: clockNow.today, time: clockNow.time, dayAgo });
          ensureWithinAddressCaps(config.booking, addressCounts, language);
          if (!(await reserveSlot(trx, slot.id_agenda))) {
            const current = (await findSlotById(trx, slot.id_agenda)) ?? slot;
            throw tipoOf(current) === 'Bloqueado' ? fail(409, 'hueco_bloqueado', language) : fail(409, 'hueco_ocupado', language);
          }
          // A longer visit takes the slots after its first too, or nothing at all (the transaction rolls back).
          const extra = await holdExtraSlots(trx, { id_doctor, fecha: slot.fecha, hora_inicio: slot.hora_inicio }, chosen.minutos);
          if (!extra.ok) throw fail(409, extra.refusal === 'no_cabe' ? 'tipo_visita_no_cabe' : 'hueco_ocupado', language);
          const id = await insertAppointment(trx, {
            id_paciente,
            id_doctor,
            id_agenda: slot.id_agenda,
            fecha: slot.fecha,
            hora: hhmm(slot.hora_inicio),
            motivo: input.motivo,
            recordatorio: input.recordatorio,
            creado_en: stamp,
            id_tipo_visita: chosen.id_tipo,
            duracion_min: chosen.minutos,
          });
          await recordExtraSlots(trx, id, extra.ids);
          const noticeDue = await queueRequestNotice(app, trx, { id_cita: id, id_doctor });
          await recordVisitChange(app, trx, findAppointmentMailRows, id, { tipo: 'solicitada' });
          await writeAudit(trx, {
            id_usuario: actor.id_usuario,
            rol: actor.rol,
            id_paciente,
            accion: 'cita.crear',
            detalle: `cita ${id}, doctor ${id_doctor}`,
            ip: caller.address,
            creado_en: stamp,
          });
          return { id_cita: id, noticeDue, id_tipo_visita: chosen.id_tipo, hora_fin: visitEnd(slot, chosen.minutos) };
        });
      } catch (error) {
        // The slot was marked free while an active appointment held it: the index refuses the second.
        if (uniqueViolation(error)) throw fail(409, 'hueco_ocupado', language);
        throw error;
      }
      if (booked.noticeDue) notifyDoctorOfBooking(app, findAppointmentMailRows, input.id_doctor);
      sendNoticesSoon(app);
      return {
        id_cita: booked.id_cita,
        id_doctor: input.id_doctor,
        fecha: input.fecha,
        hora: input.hora,
        estado: 'pendiente',
        recordatorio: input.recordatorio,
        hora_fin: booked.hora_fin,
        id_tipo_visita: booked.id_tipo_visita,
      };
    },

    /** The visit types the calling patient may book with a doctor (staff: every type the doctor offers). */
    async visitTypes({ actor, language }: Caller, id_doctor: number) {
      if (!(await findBookableDoctor(db, id_doctor))) throw fail(404, 'doctor_no_encontrado', language);
      const booker = actor.rol === 'paciente' && actor.id_paciente !== null ? { staff: false as const, id_paciente: actor.id_paciente } : { staff: true as const };
      return bookableTypes(db, id_doctor, booker, language);
    },

    /**
     * The patient moves an upcoming visit of theirs to another free slot of the same doctor,
     * in one transaction: the new slot is taken with the booking's conditional update (of several
     * racing for it, one wins), the visit moves onto it and waits for the doctor again, the old
     * slot is free, the reminder follows the visit and an unfinished consultation moves with it
     * (the type and notes a doctor gave it stay). Any refusal rolls everything back. The caps count the moved visit once.
     * The doctor is told after the commit.
     */
    async reschedule(
      caller: Caller,
      id_cita: number,
      input: z.infer<typeof cambioCitaSchema>,
    ): Promise<CitaCambiada> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const stamp = now.toISOString();
      const rules = await bookingRules(app);
      let moved: { id_doctor: number; fecha: string; hora: string; before: { fecha: string; hora: string } };
      try {
        moved = await db.transaction().execute(async (trx) => {
          const cita = await lockAppointment(trx, id_cita, app.database.dialect);
          if (!cita) throw fail(404, 'cita_no_encontrada', language);
          if (cita.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
          if (cita.estado === 'Cancelada')
            throw fail(409, 'cita_cancelada_no_modificable', language);
          if (instantOf(cita.fecha, hhmm(cita.hora), config.timeZone).getTime() <= now.getTime()) {
            throw fail(409, 'cita_pasada_no_modificable', language);
          }
          if (instantOf(input.fecha, input.hora, config.timeZone).getTime() <= now.getTime()) {
            throw fail(400, 'cita_pasada', language);
          }
          if (insideCancelNotice(rules, cita, now, config.timeZone)) {
            throw lateChange('cambio_sin_antelacion', rules, (await readClinic(trx)).telefono, language);
          }
          ensureBookable(rules, input, now, config.timeZone, language);
          const slot = await findSlotAt(trx, cita.id_doctor, input.fecha, input.hora);
          if (!slot) throw fail(404, 'hueco_no_encontrado', language);
          if (slot.id_agenda === cita.id_agenda) throw fail(409, 'cita_misma_hora', language);
          await lockPatient(trx, id_paciente, app.database.dialect);
          // The visit being moved is already one of the patient's: it must not count twice. It waits
          // for the doctor again, so past the no-show limit it must be the only request.
          const counts = await countBookingCaps(trx, {
            id_paciente,
            id_doctor: cita.id_doctor,
            fecha: slot.fecha,
            ...capsClock(now, config.timeZone),
            except: id_cita,
          });
          ensureMoveWithinCaps(rules, counts, language);
          // A longer visit lets its later slots go first, so it may move within its own time.
          const letGo = await freeExtraSlots(trx, id_cita);
          if (!(await reserveSlot(trx, slot.id_agenda))) {
            const current = (await findSlotById(trx, slot.id_agenda)) ?? slot;
            throw tipoOf(current) === 'Bloqueado' ? fail(409, 'hueco_bloqueado', language) : fail(409, 'hueco_ocupado', language);
          }
          const hora = hhmm(slot.hora_inicio);
          const movedOk = await moveAppointment(trx, {
            id_cita,
            from_agenda: cita.id_agenda,
            id_agenda: slot.id_agenda,
            fecha: slot.fecha,
            hora,
            actualizado_en: stamp,
          });
          // Cancelled or rejected a moment ago: that stands, and the new slot is not taken (rollback).
          if (!movedOk) throw fail(409, 'cita_cancelada_no_modificable', language);
          // The old slot is free again and its reminder stops; the consultation (its type, the doctor's notes) moves along.
          await moveAwayFrom(app, trx, { id_cita, id_agenda: cita.id_agenda }, { id_doctor: cita.id_doctor, fecha: slot.fecha, hora });
          // The visit keeps its length: it holds as many minutes at the new time, or does not move.
          const extra = await holdExtraSlots(trx, { id_doctor: cita.id_doctor, fecha: slot.fecha, hora_inicio: slot.hora_inicio }, cita.duracion_min);
          if (!extra.ok) throw fail(409, extra.refusal === 'no_cabe' ? 'tipo_visita_no_cabe' : 'hueco_ocupado', language);
          await recordExtraSlots(trx, id_cita, extra.ids);
          await settleSlots(app, trx, letGo);
          await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, {
            tipo: 'cambiada',
            por: 'paciente',
            antes: { fecha: cita.fecha, hora: hhmm(cita.hora) },
          });
          await writeAudit(trx, {
            id_usuario: actor.id_usuario,
            rol: actor.rol,
            id_paciente,
            accion: 'cita.cambiar',
            detalle: `cita ${id_cita}: ${cita.fecha} ${hhmm(cita.hora)} -> ${slot.fecha} ${hora}`,
            ip: caller.address,
            creado_en: stamp,
          });
          return {
            id_doctor: cita.id_doctor,
            fecha: slot.fecha,
            hora,
            before: { fecha: cita.fecha, hora: hhmm(cita.hora) },
          };
        });
      } catch (error) {
        if (uniqueViolation(error)) throw fail(409, 'hueco_ocupado', language);
        throw error;
      }
      sendNoticesSoon(app);
      app.events.emit('slotFreed', { id_doctor: moved.id_doctor });
      return { id_cita, id_doctor: moved.id_doctor, fecha: moved.fecha, hora: moved.hora, estado: 'pendiente' };
    },

    /** The booking rules as they apply to the calling patient now (the booking screen shows them). */
    async myRules({ actor, language }: Caller): Promise<MisReglas> {
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const rules = await bookingRules(app);
      const [no_presentados, solicitudes_pendientes] = await Promise.all([
        countNoShows(db, id_paciente, noShowsSince(now, config.timeZone)),
        countPendingRequests(db, id_paciente, localDate(now, config.timeZone), localTime(now, config.timeZone)),
      ]);
      return {
        ...rules,
        fecha_limite: bookingWindow(rules, now, config.timeZone).lastDay,
        no_presentados,
        restringido: no_presentados >= rules.limite_no_presentados,
        solicitudes_pendientes,
      };
    },

    async myAppointments(
      caller: Caller,
      query: z.infer<typeof misCitasQuery>,
    ): Promise<{ items: MiCita[]; total: number }> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const upcoming = query.periodo === 'proximas';
      const rules = await bookingRules(app);
      const { rows, total } = await listPatientAppointments(db, {
        id_paciente,
        periodo: query.periodo,
        today: localDate(now, config.timeZone),
        time: localTime(now, config.timeZone),
        limit: query.por_pagina,
        offset: (query.pagina - 1) * query.por_pagina,
      });
      const typeOf = await visitTypeNamer(db, caller.language);
      await writeAudit(db, {
        id_usuario: actor.id_usuario,
        rol: actor.rol,
        id_paciente,
        accion: 'citas.listar',
        detalle: query.periodo,
        ip: caller.address,
        creado_en: now.toISOString(),
      });
      const items = rows.map((row) => ({
        id_cita: row.id_cita,
        fecha: row.fecha,
        hora: hhmm(row.hora),
        motivo: row.motivo,
        estado: row.estado,
        recordatorio: row.recordatorio === 1,
        id_doctor: row.id_doctor,
        doctor: fullName(row),
        especialidad: specialtyIn(row, caller.language),
        cancelable: upcoming && row.estado !== 'Cancelada',
        cancelada_por: row.estado === 'Cancelada' ? row.cancelada_por : null,
        motivo_rechazo: row.estado === 'Cancelada' ? row.motivo_rechazo : null,
        fuera_de_plazo: upcoming && row.estado !== 'Cancelada' && insideCancelNotice(rules, row, now, config.timeZone) && !justRequested(row, now),
        asistencia: row.asistencia,
        tipo_visita: typeOf(row.id_tipo_visita),
        no_presentado_disputable: row.asistencia === 'No presentado' && row.reservada_en_su_dia === 1 && row.disputada_en === null,
        disputa: row.disputada_en === null ? null : { motivo: row.disputa_motivo ?? '', disputada_en: row.disputada_en },
      }));
      return { items, total };
    },

    /**
     * One of the patient's own visits as a calendar file (the booking summary's "add to calendar"),
     * built as the reminders build theirs, in the request's language.
     */
    async calendarFile({ actor, language }: Caller, id_cita: number): Promise<string> {
      const id_paciente = ownPatientId(actor, language);
      const [row] = await findAppointmentMailRows(db, [id_cita]);
      if (!row) throw fail(404, 'cita_no_encontrada', language);
      if (row.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
      return appointmentIcs(row, await calendarContext(app), language);
    },

    /**
     * The patient cancels their own upcoming appointment (pending or confirmed): the slot is free
     * again, the reminder stops and the consultation a confirmation opened is removed.
     */
    async cancel(
      caller: Caller,
      id_cita: number,
    ): Promise<{ id_cita: number; estado: 'Cancelada' }> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const now = clock.now();
      const stamp = now.toISOString();
      const rules = await bookingRules(app);
      const id_doctor = await db.transaction().execute(async (trx) => {
        const cita = await lockAppointment(trx, id_cita, app.database.dialect);
        if (!cita) throw fail(404, 'cita_no_encontrada', language);
        if (cita.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
        const alreadyCancelled = () => fail(409, 'cita_ya_cancelada', language);
        if (cita.estado === 'Cancelada') throw alreadyCancelled();
        if (instantOf(cita.fecha, cita.hora, config.timeZone).getTime() <= now.getTime()) {
          throw fail(400, 'cita_pasada_no_cancelable', language);
        }
        // A request made by mistake can still be withdrawn for a few minutes.
        if (insideCancelNotice(rules, cita, now, config.timeZone) && !justRequested(cita, now)) {
          throw lateChange('cancelacion_sin_antelacion', rules, (await readClinic(trx)).telefono, language);
        }
        // Conditional: if the doctor rejected it a moment ago, that answer stands.
        if (
          !(await changeAppointmentState(trx, id_cita, 'Cancelada', ['pendiente', 'Confirmada'], stamp, {
            cancelada_por: 'paciente',
          }))
        )
          throw alreadyCancelled();
        // The same clean-up as the doctor's rejection: slot free, reminder stopped, consultation gone.
        await releaseAppointment(app, trx, cita);
        await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'cancelada', por: 'paciente', motivo: null });
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          id_paciente,
          accion: 'cita.cancelar',
          detalle: `cita ${id_cita}`,
          ip: caller.address,
          creado_en: stamp,
        });
        return cita.id_doctor;
      });
      sendNoticesSoon(app);
      app.events.emit('slotFreed', { id_doctor });
      return { id_cita, estado: 'Cancelada' };
    },
  };
}
