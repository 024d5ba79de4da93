import type { FastifyInstance } from 'fastify';
import type {
  Ausencia,
  AusenciaCreada,
  CitaAfectada,
  HorarioRespuesta,
  HorarioSemanal,
  NuevaAusencia,
} from '../../../contracts/weekly-hours.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import { addDays, localDate, localTime } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { createAppointmentsService, doctorAppointments, relocation } from '../appointments/index.ts';
import { findDoctorInterval } from '../doctors/index.ts';
import { keepAgendasOpen, openDaysAhead, regenerateDays } from './keep-open.ts';
import { absenceOnDay } from './weekly-hours.ts';
import {
  absencesFrom,
  blockFreeSlots,
  closeSlots,
  daysWithSlots,
  deleteAbsence,
  findAbsence,
  findWeeklyHours,
  generatedDaysFrom,
  insertAbsence,
  replaceWeeklyHours,
} from './weekly-hours.repository.ts';

export function createWeeklyHoursService(app: FastifyInstance) {
  const { db, clock, config } = app;
  const appointments = createAppointmentsService(app);
  const today = () => localDate(clock.now(), config.timeZone);

  /**
   * The doctor a request is about. A doctor acts on their own (naming another doctor is refused);
   * a caller who acts for doctors must name one (required; 404 when there is none).
   */
  async function doctorActedOn(caller: Caller, id_doctor: number | undefined, actsForDoctors: boolean): Promise<number> {
    if (actsForDoctors) {
      if (id_doctor === undefined) throw fail(400, 'doctor_requerido', caller.language);
      if (!(await findDoctorInterval(db, id_doctor))) throw fail(404, 'doctor_no_encontrado', caller.language);
      return id_doctor;
    }
    const own = ownDoctorId(caller.actor, caller.language);
    if (id_doctor !== undefined && id_doctor !== own) throw fail(403, 'sin_permiso', caller.language);
    return own;
  }

  /** Whose hours: a doctor's own, or, for an admin, the doctor named. */
  const hoursOwner = (caller: Caller, id_doctor: number | undefined) => doctorActedOn(caller, id_doctor, caller.actor.rol === 'admin');

  /** A doctor's own absences; the desk and an administrator name the doctor. */
  const absenceOwner = (caller: Caller, id_doctor: number | undefined) => doctorActedOn(caller, id_doctor, caller.actor.rol !== 'doctor');

  async function ownAbsence(caller: Caller, id_ausencia: number) {
    const absence = await findAbsence(db, id_ausencia);
    if (!absence) throw fail(404, 'ausencia_no_encontrada', caller.language);
    if (caller.actor.rol === 'doctor' && absence.id_doctor !== ownDoctorId(caller.actor, caller.language)) throw fail(403, 'sin_permiso', caller.language);
    return absence;
  }

  /** The visits still to come inside an absence (a visit touching it by a minute counts). */
  async function visitsInside(reader: Kysely<Database> | Transaction<Database>, absence: Ausencia): Promise<(CitaAfectada & { id_agenda: number; id_paciente: number })[]> {
    const now = clock.now();
    const day = localDate(now, config.timeZone);
    const time = localTime(now, config.timeZone);
    const from = absence.fecha_inicio > day ? absence.fecha_inicio : day;
    if (from > absence.fecha_fin) return [];
    const visits = await doctorAppointments(reader, absence.id_doctor).activeBetween(from, absence.fecha_fin);
    return visits
      .filter((visit) => visit.fecha > day || visit.hora > time)
      .filter((visit) => {
        const closed = absenceOnDay(absence, visit.fecha);
        return closed !== undefined && visit.hora < closed.hora_fin && closed.hora_inicio < visit.hora_fin;
      })
      .map(({ hora_fin: _end, ...visit }) => visit);
  }

  const publicVisit = ({ id_agenda: _slot, id_paciente: _patient, ...visit }: CitaAfectada & { id_agenda: number; id_paciente: number }) => visit;

  return {
    async hours(caller: Caller, id_doctor: number | undefined): Promise<HorarioRespuesta> {
      const owner = await hoursOwner(caller, id_doctor);
      const rows = await findWeeklyHours(db, owner);
      return {
        id_doctor: owner,
        vigente_desde: rows[0]?.vigente_desde ?? null,
        franjas: rows.map(({ vigente_desde: _from, ...franja }) => franja),
        semanas_abiertas: Math.ceil((await openDaysAhead(app)) / 7),
      };
    },

    /**
     * Replaces the week: generated days from the start date on follow the new hours at once (free
     * slots that no longer fit go, booked ones stay), days opened by hand are left as they are, and
     * the window is filled.
     */
    async setHours(caller: Caller, input: HorarioSemanal): Promise<HorarioRespuesta> {
      const owner = await hoursOwner(caller, input.id_doctor);
      // The days before the start keep the slots the hours in force opened for them, up to the open
      // window's last day: a start after the day that follows it would leave the days between closed.
      // A doctor without hours has none to keep open and may start whenever.
      const firstUnopened = addDays(today(), await openDaysAhead(app));
      if (input.vigente_desde && input.vigente_desde > firstUnopened && (await findWeeklyHours(db, owner)).length > 0) {
        throw fail(400, 'horario_inicio_lejano', caller.language, { field: 'vigente_desde' });
      }
      const start = input.vigente_desde && input.vigente_desde > today() ? input.vigente_desde : today();
      await db.transaction().execute(async (trx) => {
        await replaceWeeklyHours(trx, owner, input.franjas, start);
        await regenerateDays(app, trx, owner, await generatedDaysFrom(trx, owner, start), 'Horario semanal');
      });
      await keepAgendasOpen(app, today(), owner);
      return this.hours(caller, caller.actor.rol === 'admin' ? owner : undefined);
    },

    async absences(caller: Caller, id_doctor: number | undefined): Promise<Ausencia[]> {
      return absencesFrom(db, await absenceOwner(caller, id_doctor), today());
    },

    /**
     * Adds an absence and closes its free slots: generated days are regenerated without them,
     * days opened by hand get them blocked with the reason. Visits already booked inside stay, are
     * listed, and wait at the desk to be relocated (por reubicar).
     */
    async addAbsence(caller: Caller, input: NuevaAusencia): Promise<AusenciaCreada> {
      const owner = await absenceOwner(caller, input.id_doctor);
      if (input.fecha_fin < today()) throw fail(400, 'ausencia_pasada', caller.language);
      const stamp = clock.now().toISOString();
      const result = await db.transaction().execute(async (trx) => {
        const ausencia = await insertAbsence(trx, owner, input, stamp);
        const generated = new Set(await generatedDaysFrom(trx, owner, input.fecha_inicio, input.fecha_fin));
        let huecos_cerrados = await regenerateDays(app, trx, owner, [...generated], input.motivo);
        const withSlots = await daysWithSlots(trx, owner, input.fecha_inicio, addDays(input.fecha_fin, 1));
        for (const fecha of [...withSlots].sort()) {
          if (generated.has(fecha)) continue;
          const closed = absenceOnDay(ausencia, fecha);
          if (closed) huecos_cerrados += await blockFreeSlots(trx, owner, fecha, closed, input.motivo);
        }
        const citas = await visitsInside(trx, ausencia);
        await relocation(trx, app).mark(
          citas.map((cita) => cita.id_cita),
          { causa: 'ausencia', ref: ausencia.id_ausencia, motivo: ausencia.motivo },
        );
        return { ausencia, huecos_cerrados, citas: citas.map(publicVisit) };
      });
      return result;
    },

    /** Removes an absence: its generated days get their slots back; days opened by hand stay as the doctor left them. */
    async removeAbsence(caller: Caller, id_ausencia: number): Promise<void> {
      const absence = await ownAbsence(caller, id_ausencia);
      await db.transaction().execute(async (trx) => {
        await deleteAbsence(trx, absence.id_ausencia);
        const from = absence.fecha_inicio > today() ? absence.fecha_inicio : today();
        if (from <= absence.fecha_fin) {
          await regenerateDays(app, trx, absence.id_doctor, await generatedDaysFrom(trx, absence.id_doctor, from, absence.fecha_fin), absence.motivo);
        }
        await relocation(trx).clear({ causa: 'ausencia', ref: absence.id_ausencia }, absence.fecha_inicio, absence.fecha_fin);
      });
    },

    async absenceVisits(caller: Caller, id_ausencia: number): Promise<CitaAfectada[]> {
      return (await visitsInside(db, await ownAbsence(caller, id_ausencia))).map(publicVisit);
    },

    /**
     * Cancels the chosen visits of an absence the way a doctor's cancellation does (slot released,
     * reminder stopped, consultation removed), keeps their slots closed, and tells each patient by
     * e-mail in their language with a link to book again. Ids not among the absence's visits are skipped.
     */
    async cancelAbsenceVisits(caller: Caller, id_ausencia: number, ids: number[]): Promise<{ canceladas: number }> {
      const absence = await ownAbsence(caller, id_ausencia);
      const chosen = new Set(ids);
      const visits = (await visitsInside(db, absence)).filter((visit) => chosen.has(visit.id_cita));
      const { cancelled, notify } = await db.transaction().execute(async (trx) => {
        const done = await appointments.cancelForAbsence(caller, trx, visits);
        // Their slots stay closed: the doctor is away.
        await closeSlots(trx, done.cancelled.map((visit) => visit.id_agenda), absence.motivo);
        return done;
      });
      await notify();
      return { canceladas: cancelled.length };
    },
  };
}
