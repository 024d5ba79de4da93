import type { FastifyInstance } from 'fastify';
import type { DisputaNoPresentado } from '../../../contracts/appointments.ts';
import { ownPatientId } from '../../lib/access.ts';
import { localDate } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { writeAudit } from '../audit/index.ts';
import { findAppointment, recordNoShowDispute } from './appointments.repository.ts';

/**
 * Whether a visit was booked on its own day (in the clinic's time zone): a walk-in or a same-day
 * assignment, which a doctor could give and mark missed in one minute. Such a no-show counts
 * towards the booking restriction only while the patient has not disputed it.
 */
export function bookedOnItsDay(visit: { creado_en: string; fecha: string }, timeZone: string): boolean {
  return localDate(new Date(visit.creado_en), timeZone) >= visit.fecha;
}

/** The patient's side of a no-show: disputing one of a visit booked on its day. */
export function createNoShowDisputes(app: FastifyInstance) {
  const { db, clock } = app;
  return {
    /**
     * Records the patient's dispute (their reason, when), audited; from then on the no-show does not
     * count. Only their own visit, only a same-day one marked 'No presentado', only once: 409 otherwise.
     */
    async dispute(caller: Caller, id_cita: number, input: DisputaNoPresentado): Promise<{ id_cita: number; disputada_en: string }> {
      const { actor, language } = caller;
      const id_paciente = ownPatientId(actor, language);
      const stamp = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const visit = await findAppointment(trx, id_cita);
        if (!visit) throw fail(404, 'cita_no_encontrada', language);
        if (visit.id_paciente !== id_paciente) throw fail(403, 'sin_permiso', language);
        if (!(await recordNoShowDispute(trx, id_cita, input.motivo, stamp))) throw fail(409, 'disputa_no_aplica', language);
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          id_paciente,
          accion: 'cita.disputa_no_presentado',
          detalle: `cita ${id_cita}: ${input.motivo}`,
          ip: caller.address,
          creado_en: stamp,
        });
      });
      return { id_cita, disputada_en: stamp };
    },
  };
}
