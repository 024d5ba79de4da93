import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { Database } from '../../db/schema/index.ts';
import { localDate, localTime } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { changeAppointmentState, findUpcomingAppointments, type VisitsOf } from '../visits/index.ts';
import { releaseAppointment } from './release-visit.ts';

export interface UpcomingCancellation {
  /** Whose visits still to come are cancelled. */
  of: VisitsOf;
  /** The audit action of each cancellation, with the patient's id so their accesses page shows it. */
  accion: AccionAuditoria;
  /** Why, for the audit entry's detalle (no medical content). */
  reason: string;
}

/**
 * Cancels, in the caller's transaction, every appointment still to come of someone who leaves the
 * clinic, the way a rejection does (decisions #13: slot free for others, reminder stopped, the
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
