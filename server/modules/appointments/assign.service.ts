import type { FastifyInstance } from 'fastify';
import type { ApiCode } from '../../../contracts/messages/index.ts';
import type { Consulta, CrearConsulta } from '../../../contracts/consultations.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { existsOnClock, localDate, localTime } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { findActivePatientOfAccount, findConsultation, insertConsultation } from '../consultations/index.ts';
import { recordVisitChange, sendNoticesSoon } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { insertAppointment } from './appointments.repository.ts';
import { holdSlotForAppointment, type HoldRefusal } from './hold-slot.ts';
import { TIPOS_CONSULTA, type TipoConsulta } from '../../../contracts/consultation-types.ts';
import { typeForKey } from '../visit-types/index.ts';
import { chooseVisitType } from './visit-type-choice.ts';
import { recordExtraSlots } from './visit-span.ts';

/** What each refusal answers: a time no slot can ever take is the request's fault (400), a taken or blocked one a conflict. */
const refusals: Record<HoldRefusal, { status: 400 | 403 | 409; code: ApiCode }> = {
  hueco_ocupado: { status: 409, code: 'consulta_hueco_ocupado' },
  hueco_bloqueado: { status: 409, code: 'consulta_hueco_bloqueado' },
  hueco_solapado: { status: 409, code: 'consulta_hueco_solapado' },
  pasa_medianoche: { status: 400, code: 'consulta_pasa_medianoche' },
  doctor_no_encontrado: { status: 403, code: 'sin_perfil_doctor' },
  no_cabe: { status: 409, code: 'tipo_visita_no_cabe' },
};

/** An appointment the doctor assigns to a patient (POST /api/consultas): it takes a place in the agenda like a booking. */
export function createAssignService(app: FastifyInstance) {
  const { db, clock, config } = app;

  return {
    /**
     * Assigns a visit to a patient: in one transaction the doctor's slot at that time is taken (or a
     * one-off slot made), a confirmed appointment holds it, with its reminder, and the consultation is
     * opened on it. A slot taken, blocked or overlapped is a 409 and nothing is written; of a
     * consultation and a booking racing for one slot, exactly one wins.
     */
    async assign(caller: Caller, input: CrearConsulta): Promise<Consulta> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const now = clock.now();
      const stamp = now.toISOString();
      const today = localDate(now, config.timeZone);
      if (input.fecha < today) throw fail(400, 'consulta_fecha_pasada', caller.language);
      // A one-off slot would otherwise start at a time the clinic's clock never shows that day.
      if (!existsOnClock(input.fecha, input.hora.slice(0, 5), config.timeZone)) throw fail(400, 'hora_inexistente', caller.language);
      let id_consulta: number;
      try {
        id_consulta = await db.transaction().execute(async (trx) => {
          const id_paciente = await findActivePatientOfAccount(trx, input.pacienteId);
          if (id_paciente === undefined) throw fail(404, 'paciente_no_encontrado', caller.language);
          // By a type of the catalogue (its length), or by the spec's type word (one slot, as before).
          const chosen =
            input.id_tipo_visita !== undefined
              ? await chooseVisitType(trx, id_doctor, input.id_tipo_visita, { staff: true }, caller.language)
              : { id_tipo: (await typeForKey(trx, input.tipo))?.id_tipo ?? 1, clave: input.tipo, minutos: null };
          const tipo: TipoConsulta = (TIPOS_CONSULTA as readonly string[]).includes(chosen.clave ?? '') ? (chosen.clave as TipoConsulta) : input.tipo;
          const slot = await holdSlotForAppointment(trx, app.database.dialect, { id_doctor, fecha: input.fecha, hora: input.hora, minutes: chosen.minutos });
          if (!slot.held) throw fail(refusals[slot.refusal].status, refusals[slot.refusal].code, caller.language);
          // A slot already over would make a visit the patient cannot cancel, and with it a standing
          // right to their record; the slot under way takes a walk-in.
          if (input.fecha === today && slot.hora_fin <= localTime(now, config.timeZone)) {
            throw fail(400, 'consulta_hora_pasada', caller.language);
          }
          const id_cita = await insertAppointment(trx, {
            id_paciente,
            id_doctor,
            id_agenda: slot.id_agenda,
            fecha: input.fecha,
            hora: slot.hora,
            motivo: input.motivo,
            recordatorio: input.recordatorio,
            creado_en: stamp,
            estado: 'Confirmada',
            id_tipo_visita: chosen.id_tipo,
            duracion_min: chosen.minutos,
          });
          await recordExtraSlots(trx, id_cita, slot.extra);
          // The patient is told, with the calendar entry, and gets the clinic's reminders.
          await recordVisitChange(app, trx, findAppointmentMailRows, id_cita, { tipo: 'reservada_doctor' });
          const id = await insertConsultation(trx, {
            id_paciente,
            id_doctor,
            id_cita,
            fecha: input.fecha,
            hora: slot.hora,
            tipo,
            motivo: input.motivo,
            descripcion: input.descripcion ?? null,
            diagnostico: input.diagnostico ?? null,
            recomendaciones: input.recomendaciones ?? null,
            estado: 'confirmada',
            creado_en: stamp,
            finalizada_en: null,
          });
          await writeAudit(
            trx,
            actorAudit(caller.actor, caller.address, stamp, { accion: 'consulta.crear', id_paciente, detalle: `consulta ${id}, cita ${id_cita}` }),
          );
          return id;
        });
      } catch (error) {
        // The slot was free while an active visit held it: the unique index refuses the second.
        if (uniqueViolation(error)) throw fail(409, 'consulta_hueco_ocupado', caller.language);
        throw error;
      }
      sendNoticesSoon(app);
      const created = await findConsultation(db, id_consulta);
      if (!created) throw fail(404, 'no_encontrado', caller.language);
      return created;
    },
  };
}
