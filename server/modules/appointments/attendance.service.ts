import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { Consulta, FinalizarConsulta } from '../../../contracts/consultations.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { instantOf } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { findConsultation, finishConsultation, removeOpenConsultation } from '../consultations/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { findAppointment, recordAttendance, recordNoShowStanding } from './appointments.repository.ts';
import { bookedOnItsDay } from './no-show-disputes.ts';

const hhmm = (time: string) => time.slice(0, 5);

/**
 * Whether the patient came: the doctor completes the visit's consultation (they
 * came) or says they did not. Recorded once per appointment.
 */
export function createAttendanceService(app: FastifyInstance) {
  const { db, clock, config } = app;

  const audit = (caller: Caller, accion: AccionAuditoria, id_paciente: number | null, detalle: string, creado_en: string) =>
    actorAudit(caller.actor, caller.address, creado_en, { accion, id_paciente, detalle });

  return {
    /** Completes one of the doctor's consultations: diagnóstico, recomendaciones, estado finalizada. */
    async finish(caller: Caller, id_consulta: number, input: FinalizarConsulta): Promise<Consulta> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const consulta = await findConsultation(db, id_consulta);
      if (!consulta) throw fail(404, 'no_encontrado', caller.language);
      if (consulta.id_doctor !== id_doctor) throw fail(403, 'sin_permiso', caller.language);
      if (instantOf(consulta.fecha, consulta.hora, config.timeZone).getTime() > clock.now().getTime()) {
        throw fail(409, 'consulta_no_empezada', caller.language);
      }
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const done = await finishConsultation(trx, id_consulta, {
          diagnostico: input.diagnostico,
          recomendaciones: input.recomendaciones ?? null,
          finalizada_en: now,
        });
        if (!done) throw fail(409, 'consulta_finalizada', caller.language);
        // Completing the visit's consultation is how the doctor says the patient came.
        if (consulta.id_cita !== null) await recordAttendance(trx, consulta.id_cita, 'Asistió', now);
        await writeAudit(trx, audit(caller, 'consulta.finalizar', consulta.id_paciente, `consulta ${id_consulta}`, now));
      });
      const finished = await findConsultation(db, id_consulta);
      if (!finished) throw fail(404, 'no_encontrado', caller.language);
      return finished;
    },

    /**
     * The doctor of a confirmed visit whose time has passed says the patient did not come.
     * Once only; the consultation the confirmation opened goes (there was no visit to write up),
     * the slot stays taken (the time is gone).
     */
    async markNoShow(caller: Caller, id_cita: number): Promise<{ id_cita: number; asistencia: 'No presentado' }> {
      const { actor, language } = caller;
      const id_doctor = ownDoctorId(actor, language);
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const cita = await findAppointment(trx, id_cita);
        if (!cita) throw fail(404, 'cita_no_encontrada', language);
        if (cita.id_doctor !== id_doctor) throw fail(403, 'sin_permiso', language);
        if (instantOf(cita.fecha, hhmm(cita.hora), config.timeZone).getTime() > now.getTime()) {
          throw fail(409, 'asistencia_antes_de_hora', language);
        }
        if (cita.asistencia !== null) throw fail(409, 'asistencia_ya_registrada', language);
        if (cita.estado !== 'Confirmada') throw fail(409, 'asistencia_no_confirmada', language);
        // The desk checked the patient in: they came.
        if (cita.llegada_en !== null) throw fail(409, 'no_presentado_ya_llego', language);
        if (!(await recordAttendance(trx, id_cita, 'No presentado', stamp))) {
          throw fail(409, 'asistencia_ya_registrada', language);
        }
        await recordNoShowStanding(trx, id_cita, bookedOnItsDay(cita, config.timeZone));
        await removeOpenConsultation(trx, id_cita);
        await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'no_presentada' });
        await writeAudit(trx, {
          id_usuario: actor.id_usuario,
          rol: actor.rol,
          id_paciente: cita.id_paciente,
          accion: 'cita.no_presentado',
          detalle: `cita ${id_cita}`,
          ip: caller.address,
          creado_en: stamp,
        });
      });
      sendNoticesSoon(app);
      return { id_cita, asistencia: 'No presentado' };
    },

  };
}
