import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { Database } from '../../db/schema/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { recordVisitChange, sendNoticesSoon, type VisitChange } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { changeAppointmentState, findUpcomingAppointments, type AppointmentsOf } from './appointments.repository.ts';
import { releaseAppointment } from './release-appointment.ts';

export interface UpcomingCancellation {
  /** Whose appointments still to come are cancelled. */
  of: AppointmentsOf;
  /** The audit action of each cancellation, with the patient's id so their accesses page shows it. */
  accion: AccionAuditoria;
  /** Why, for the audit entry's detalle (no medical content). */
  reason: string;
  /** What the visit's people are told of each cancellation. */
  change: VisitChange;
}

/**
 * Cancels, in the caller's transaction, every appointment still to come of someone who leaves the
 * clinic, the way a rejection does (slot free for others, reminder stopped, the
 * consultation accepting it opened removed), and audits each one. Visits already past stay as
 * they were. Returns the cancelled ids, to notify the other side after the commit.
 */
export async function cancelUpcomingAppointments(
  app: FastifyInstance,
  caller: Caller,
  trx: Transaction<Database>,
  cancellation: UpcomingCancellation,
): Promise<number[]> {
  const now = app.clock.now();
  const stamp = now.toISOString();
  const { timeZone } = app.config;
  const upcoming = await findUpcomingAppointments(trx, cancellation.of, localDate(now, timeZone), localTime(now, timeZone));
  const cancelled: number[] = [];
  for (const cita of upcoming) {
    if (!(await changeAppointmentState(trx, cita.id_cita, 'Cancelada', ['pendiente', 'Confirmada'], stamp, { cancelada_por: 'clinica' }))) continue;
    await releaseAppointment(app, trx, cita);
    await recordVisitChange(app, trx, findAppointmentMailRows, cita.id_cita, cancellation.change);
    await writeAudit(
      trx,
      actorAudit(caller.actor, caller.address, stamp, {
        accion: cancellation.accion,
        id_paciente: cita.id_paciente,
        detalle: `cita ${cita.id_cita}: ${cancellation.reason}`,
      }),
    );
    cancelled.push(cita.id_cita);
  }
  return cancelled;
}

type Leaving = 'patient' | 'doctor';

/**
 * Someone leaves the clinic (account deleted, or no longer a patient or a doctor), inside the
 * admin's transaction: every appointment still to come with them is cancelled the way a rejection
 * is (slot free for others instead of staying Reservado, reminder stopped, opened consultation
 * removed), so the other side sees it Cancelada instead of waiting for a visit nobody will attend.
 * Past appointments and the clinical record stay. Returns `notify`, to be called after the commit:
 * a leaving patient's doctors are e-mailed as a new request is; a leaving doctor's patients are told
 * of the cancellation.
 */
async function endAppointmentsOf(
  app: FastifyInstance,
  caller: Caller,
  trx: Transaction<Database>,
  who: Leaving,
  id_usuario: number,
): Promise<{ cancelled: number[]; notify: () => Promise<void> }> {
  const cancelled = await cancelUpcomingAppointments(app, caller, trx, {
    of: who === 'patient' ? { patientUser: id_usuario } : { doctorUser: id_usuario },
    accion: who === 'patient' ? 'cita.cancelar_baja_paciente' : 'cita.cancelar_baja_doctor',
    reason: `${who === 'patient' ? 'el paciente' : 'el doctor'} (usuario ${id_usuario}) deja la clínica`,
    // A leaving patient's doctors are told (the patient, who is leaving, is not); a leaving
    // doctor's patients are told their visit is cancelled, with the calendar entry to remove.
    change: who === 'patient' ? { tipo: 'cancelada', por: 'paciente', motivo: null, baja: true } : { tipo: 'cancelada', por: 'clinica', motivo: null, causa: 'baja_doctor' },
  });
  return { cancelled, notify: async () => sendNoticesSoon(app) };
}

/** A patient leaves the clinic: see endAppointmentsOf. */
export const endCare = (app: FastifyInstance, caller: Caller, trx: Transaction<Database>, id_usuario: number) =>
  endAppointmentsOf(app, caller, trx, 'patient', id_usuario);

/** A doctor leaves the clinic: see endAppointmentsOf. */
export const endPractice = (app: FastifyInstance, caller: Caller, trx: Transaction<Database>, id_usuario: number) =>
  endAppointmentsOf(app, caller, trx, 'doctor', id_usuario);
