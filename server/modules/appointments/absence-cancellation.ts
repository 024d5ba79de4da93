import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, EstadoCita } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { changeAppointmentState } from './appointments.repository.ts';
import { releaseAppointment } from './release-appointment.ts';

export interface AbsentAppointment {
  id_cita: number;
  id_agenda: number;
  id_paciente: number;
  estado: EstadoCita;
}

/**
 * Cancels, in the caller's transaction, the chosen appointments inside a doctor's absence the way
 * a doctor's cancellation does (slot released, reminder stopped, consultation removed), each
 * audited. One cancelled or rejected meanwhile is skipped. Returns the cancelled ones (the agenda
 * keeps their slots closed) and `notify`, to be called after the commit: it e-mails each patient in
 * their language with a link to book again.
 */
export async function cancelForAbsence(
  app: FastifyInstance,
  caller: Caller,
  trx: Transaction<Database>,
  appointments: readonly AbsentAppointment[],
): Promise<{ cancelled: { id_cita: number; id_agenda: number }[]; notify: () => Promise<void> }> {
  const stamp = app.clock.now().toISOString();
  const done: { id_cita: number; id_agenda: number }[] = [];
  for (const appointment of appointments) {
    const ok = await changeAppointmentState(trx, appointment.id_cita, 'Cancelada', ['pendiente', 'Confirmada'], stamp, {
      cancelada_por: 'doctor',
      motivo_rechazo: null,
    });
    if (!ok) continue;
    await releaseAppointment(app, trx, appointment);
    // The patient is told (the calendar entry removed); a request is told it could not be accepted.
    await recordVisitChange(
      app,
      trx,
      findAppointmentMailRows,
      appointment.id_cita,
      appointment.estado === 'pendiente' ? { tipo: 'rechazada', motivo: null, causa: 'ausencia' } : { tipo: 'cancelada', por: 'doctor', motivo: null, causa: 'ausencia' },
    );
    await writeAudit(
      trx,
      actorAudit(caller.actor, caller.address, stamp, {
        accion: 'cita.cancelar',
        id_paciente: appointment.id_paciente,
        detalle: `cita ${appointment.id_cita}: ausencia`,
      }),
    );
    done.push({ id_cita: appointment.id_cita, id_agenda: appointment.id_agenda });
  }
  return {
    cancelled: done,
    notify: async () => sendNoticesSoon(app),
  };
}
