import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { Database } from '../../db/schema/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { notifyDoctorsOfPatientLeaving, notifyPatientsOfCancellation } from '../reminders/index.ts';
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
    await releaseAppointment(trx, cita);
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

/**
 * A patient leaves the clinic (account deleted, or no longer a patient), inside the admin's
 * transaction: their appointments still to come are cancelled the way the patient's own cancel
 * does, so the slots can be booked by others instead of staying Reservado. Past ones and the
 * clinical record stay. Returns `notify`, to be called after the commit: it e-mails each doctor, as
 * a new request does.
 */
export async function endCare(
  app: FastifyInstance,
  caller: Caller,
  trx: Transaction<Database>,
  id_usuario: number,
): Promise<{ cancelled: number[]; notify: () => Promise<void> }> {
  const cancelled = await cancelUpcomingAppointments(app, caller, trx, {
    of: { patientUser: id_usuario },
    accion: 'cita.cancelar_baja_paciente',
    reason: `el paciente (usuario ${id_usuario}) deja la clínica`,
  });
  return { cancelled, notify: () => notifyDoctorsOfPatientLeaving(app, findAppointmentMailRows, cancelled) };
}

/**
 * A doctor leaves the clinic (account deleted, or no longer a doctor), inside the admin's
 * transaction: every appointment still to come with them is cancelled the way a rejection is
 * (slot free, reminder stopped, opened consultation removed), so patients see it Cancelada instead
 * of waiting for a visit nobody will attend. Returns `notify`, to be called after the commit: it
 * e-mails each patient.
 */
export async function endPractice(
  app: FastifyInstance,
  caller: Caller,
  trx: Transaction<Database>,
  id_usuario: number,
): Promise<{ cancelled: number[]; notify: () => Promise<void> }> {
  const cancelled = await cancelUpcomingAppointments(app, caller, trx, {
    of: { doctorUser: id_usuario },
    accion: 'cita.cancelar_baja_doctor',
    reason: `el doctor (usuario ${id_usuario}) deja la clínica`,
  });
  return { cancelled, notify: () => notifyPatientsOfCancellation(app, findAppointmentMailRows, cancelled) };
}
