import { addDays } from '../../lib/clock.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Language } from '../../../contracts/messages/index.ts';
import type { Database } from '../../db/schema/index.ts';
import {
  activeAppointmentsBetween,
  activeAppointmentsOnSlots,
  extraSlotsHeld,
  activeAppointmentsWithDoctorOn,
  activeHolderOfSlot,
  answersToPatient,
  appointmentsOnSlot,
  clinicNoShows,
  countClinicAppointments,
  countClinicAppointmentsByType,
  countClinicPending,
  countDayAppointmentsOfDoctor,
  countDayRequestsOfDoctor,
  countPendingOfDoctor,
  countUpcomingOfPatient,
  dayAppointmentsOfDoctor,
  findNextAppointment,
  hasAppointmentSatisfyingEntry,
  lastAppointmentOfPatient,
  listFeedAppointments,
  listPatientAppointmentsForExport,
  listPatientAppointmentsWith,
  oldestPendingOfDoctor,
  upcomingOfPatient,
} from './appointment-reads.repository.ts';
import { countNoShows, slotAppointments } from './appointments.repository.ts';
import { findBookableDoctor } from './bookable.repository.ts';
import { lockPatient } from './booking-caps.repository.ts';
import { doctorSeesWithin, doctorTreats } from './care.repository.ts';

// What other modules read of the appointments, grouped by whose appointments they are. Each read
// is one query of this module's repositories; other modules never start a query from `citas`.

type Db = Kysely<Database> | Transaction<Database>;

/** One patient's appointments: their home screen, summary, record and data export. */
export function patientAppointments(db: Db, id_paciente: number) {
  return {
    /** Active ones after the clinic's `today` `time`, soonest first, with the doctor and the consultation's type. */
    upcoming: (today: string, time: string, limit: number) => upcomingOfPatient(db, id_paciente, today, time, limit),
    countUpcoming: (today: string, time: string) => countUpcomingOfPatient(db, id_paciente, today, time),
    /** The most recent confirmed one that has already begun. */
    last: (today: string, time: string) => lastAppointmentOfPatient(db, id_paciente, today, time),
    /** The doctors' answers to their requests given after `since` (an ISO instant), newest first. */
    answers: (since: string | null, limit: number) => answersToPatient(db, id_paciente, since, limit),
    /** The next one not cancelled (today from `time` on, or later). */
    next: (today: string, time: string) => findNextAppointment(db, id_paciente, today, time),
    /** Their appointments with one doctor, newest first (the doctor's record). */
    withDoctor: (id_doctor: number) => listPatientAppointmentsWith(db, id_paciente, id_doctor),
    /** Their no-shows on or after `since` (YYYY-MM-DD). */
    noShows: (since: string) => countNoShows(db, id_paciente, since),
    /** Every one, cancelled ones too, with its reminder (the data export). */
    forExport: (language: Language) => listPatientAppointmentsForExport(db, id_paciente, language),
  };
}

/** One doctor's appointments: their home screen, calendar feed, absences, and whom they treat. */
export function doctorAppointments(db: Db, id_doctor: number) {
  return {
    /** Active ones of one day, in time order, with the patient and the consultation's type. */
    day: (fecha: string) => dayAppointmentsOfDoctor(db, id_doctor, fecha),
    countDay: (fecha: string) => countDayAppointmentsOfDoctor(db, id_doctor, fecha),
    countDayRequests: (fecha: string) => countDayRequestsOfDoctor(db, id_doctor, fecha),
    /** Requests waiting for an answer, today onwards: how many, and the oldest. */
    countPending: (today: string) => countPendingOfDoctor(db, id_doctor, today),
    oldestPending: (today: string, limit: number) => oldestPendingOfDoctor(db, id_doctor, today, limit),
    /** From `desde` on, cancelled ones too (calendars drop them): the calendar feed. */
    feed: (desde: string, limit: number) => listFeedAppointments(db, id_doctor, desde, limit),
    /** Active ones in [from, to], with the patient's name and the slot's end. */
    activeBetween: (from: string, to: string) => activeAppointmentsBetween(db, id_doctor, from, to),
    /** Whether the doctor treats the patient (an appointment not cancelled, or a consultation): whose record they may open. */
    treats: (id_paciente: number) => doctorTreats(db, id_doctor, id_paciente),
    /**
     * Whether the patient has a visit with the doctor, not cancelled, within `days` days before or
     * after `today`: whose record opens to the doctor without a stated reason.
     */
    seesAround: (id_paciente: number, today: string, days: number) =>
      doctorSeesWithin(db, id_doctor, id_paciente, addDays(today, -days), addDays(today, days)),
  };
}

/** The whole clinic's figures (the admin's home). */
export function clinicAppointments(db: Db) {
  return {
    /** Active appointments on [from, to]. */
    countActive: (from: string, to: string) => countClinicAppointments(db, from, to),
    /** The same, by the catalogue's type booked. */
    countActiveByType: (from: string, to: string) => countClinicAppointmentsByType(db, from, to),
    /** Requests waiting for an answer, today onwards. */
    countPending: (today: string) => countClinicPending(db, today),
    /** Confirmed ones on [from, to] and how many were marked 'No presentado'. */
    noShows: (from: string, to: string) => clinicNoShows(db, from, to),
  };
}

/** The appointments on the agenda's slots (the doctor's day, deleting a slot). */
export function appointmentsOnSlots(db: Db) {
  return {
    /** The active one on each slot, with the patient and the consultation's type, by slot. */
    active: (slots: number[]) => activeAppointmentsOnSlots(db, slots),
    /** The slots a longer visit holds after its first one, slot to visit. */
    extras: (slots: number[]) => extraSlotsHeld(db, slots),
    /** Whether a slot has an active appointment, or any at all (cancelled ones keep history). */
    history: (id_agenda: number) => slotAppointments(db, id_agenda),
  };
}

/**
 * Conditions other modules put on their own queries, as subqueries on the appointments tied to a
 * column of the outer query by name (such as 'a.id_agenda'), and the checks a booking makes that
 * the waitlist makes too when a patient joins it.
 */
export const appointmentConditions = {
  /** Every appointment (even a cancelled one) on the slot `slot` names. */
  anyOnSlot: appointmentsOnSlot,
  /** The patient holding the slot `slot` names with an active appointment, if any. */
  activeHolderOfSlot,
  /** The patient's active appointments with the doctor on the day, each named by a column. */
  activeWithDoctorOn: activeAppointmentsWithDoctorOn,
  /** On an update of lista_espera: whether the entry's patient has since got an appointment that satisfies it. */
  satisfyingWaitlistEntry: hasAppointmentSatisfyingEntry,
  /** A doctor patients may book with, or undefined. */
  bookableDoctor: findBookableDoctor,
  /** Holds the patient's row until the transaction ends (PostgreSQL), so racing bookings count each other. */
  lockPatient,
};
