import type { FastifyInstance } from 'fastify';
import type { ApiCode } from '../../../contracts/messages/index.ts';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type {
  Consulta,
  ConsultasQuery,
  CrearConsulta,
  FinalizarConsulta,
  MedicoPacientesQuery,
  PacienteOpcion,
  Visita,
} from '../../../contracts/consultations.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import { instantOf, localDate } from '../../lib/clock.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { holdSlotForVisit, type HoldRefusal } from '../agenda/index.ts';
import { insertAppointment, listConfirmedVisits, recordAttendance } from '../visits/index.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { scheduleReminder } from '../reminders/index.ts';
import {
  findActivePatientOfAccount,
  findConsultation,
  finishConsultation,
  insertConsultation,
  listDoctorConsultations,
  listSelectablePatients,
} from './consultations.repository.ts';

const refusalCode: Record<HoldRefusal, ApiCode> = {
  hueco_ocupado: 'consulta_hueco_ocupado',
  hueco_bloqueado: 'consulta_hueco_bloqueado',
  hueco_solapado: 'consulta_hueco_solapado',
  doctor_no_encontrado: 'sin_perfil_doctor',
};

export interface Page<T> {
  items: T[];
  total: number;
}

const pageOf = (query: Pick<PagingQuery, 'pagina' | 'por_pagina'>) => ({
  offset: (query.pagina - 1) * query.por_pagina,
  limit: query.por_pagina,
});

export function createConsultationsService(app: FastifyInstance) {
  const { db, clock, config } = app;

  const audit = (caller: Caller, accion: AccionAuditoria, id_paciente: number | null, detalle: string, creado_en: string) =>
    actorAudit(caller.actor, caller.address, creado_en, { accion, id_paciente, detalle });

  return {
    /** The doctor's own consultations (GET /api/medico/consultas); reading them is audited. */
    async list(caller: Caller, query: ConsultasQuery): Promise<Page<Consulta>> {
      const id_doctor = ownDoctorId(caller.actor);
      const page = await listDoctorConsultations(db, id_doctor, { estado: query.estado, ...pageOf(query) });
      await writeAudit(db, audit(caller, 'consultas.listar', null, `${page.items.length} consultas`, clock.now().toISOString()));
      return page;
    },

    /**
     * Assigns a visit to a patient (decisions #24, #25): in one transaction the doctor's slot at that
     * time is taken (or a one-off slot made), a confirmed appointment holds it, with its reminder, and
     * the consultation is opened on it. A slot taken, blocked or overlapped is a 409 and nothing is
     * written; of a consultation and a booking racing for one slot, exactly one wins.
     */
    async create(caller: Caller, input: CrearConsulta): Promise<Consulta> {
      const id_doctor = ownDoctorId(caller.actor);
      const now = clock.now();
      const stamp = now.toISOString();
      if (input.fecha < localDate(now, config.timeZone)) throw fail(400, 'consulta_fecha_pasada', caller.language);
      let id_consulta: number;
      try {
        id_consulta = await db.transaction().execute(async (trx) => {
          const id_paciente = await findActivePatientOfAccount(trx, input.pacienteId);
          if (id_paciente === undefined) throw fail(404, 'paciente_no_encontrado', caller.language);
          const slot = await holdSlotForVisit(trx, app.database.dialect, { id_doctor, fecha: input.fecha, hora: input.hora });
          if (!slot.held) throw fail(slot.refusal === 'doctor_no_encontrado' ? 403 : 409, refusalCode[slot.refusal], caller.language);
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
          });
          if (input.recordatorio) await scheduleReminder(app, trx, { id_cita, fecha: input.fecha, hora: slot.hora });
          const id = await insertConsultation(trx, {
            id_paciente,
            id_doctor,
            id_cita,
            fecha: input.fecha,
            hora: slot.hora,
            tipo: input.tipo,
            motivo: input.motivo,
            descripcion: input.descripcion ?? null,
            diagnostico: input.diagnostico ?? null,
            recomendaciones: input.recomendaciones ?? null,
            estado: 'confirmada',
            creado_en: stamp,
            finalizada_en: null,
          });
          await writeAudit(trx, audit(caller, 'consulta.crear', id_paciente, `consulta ${id}, cita ${id_cita}`, stamp));
          return id;
        });
      } catch (error) {
        // The slot was free while an active visit held it: the unique index refuses the second.
        if (uniqueViolation(error)) throw fail(409, 'consulta_hueco_ocupado', caller.language);
        throw error;
      }
      const created = await findConsultation(db, id_consulta);
      if (!created) throw fail(404, 'no_encontrado', caller.language);
      return created;
    },

    /** Completes one of the doctor's consultations: diagnóstico, recomendaciones, estado finalizada. */
    async finish(caller: Caller, id_consulta: number, input: FinalizarConsulta): Promise<Consulta> {
      const id_doctor = ownDoctorId(caller.actor);
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
        // Completing the visit's consultation is how the doctor says the patient came (decision 0028).
        if (consulta.id_cita !== null) await recordAttendance(trx, consulta.id_cita, 'Asistió', now);
        await writeAudit(trx, audit(caller, 'consulta.finalizar', consulta.id_paciente, `consulta ${id_consulta}`, now));
      });
      const finished = await findConsultation(db, id_consulta);
      if (!finished) throw fail(404, 'no_encontrado', caller.language);
      return finished;
    },

    /** Patients a doctor can pick: every active patient, or only those the doctor treats. */
    async patients(caller: Caller, query: MedicoPacientesQuery): Promise<Page<PacienteOpcion>> {
      const id_doctor = ownDoctorId(caller.actor);
      return listSelectablePatients(db, {
        buscar: query.buscar,
        onlyTreatedBy: query.mis_pacientes ? id_doctor : undefined,
        ...pageOf(query),
      });
    },

    /** The doctor's confirmed visits from today on (decisions #15); reading them is audited. */
    async visits(caller: Caller, query: PagingQuery): Promise<Page<Visita>> {
      const id_doctor = ownDoctorId(caller.actor);
      const now = clock.now();
      const page = await listConfirmedVisits(db, id_doctor, localDate(now, config.timeZone), pageOf(query));
      await writeAudit(db, audit(caller, 'visitas.listar', null, `${page.items.length} visitas`, now.toISOString()));
      return page;
    },
  };
}
