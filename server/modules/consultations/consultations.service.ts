import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type {
  Consulta,
  ConsultasQuery,
  FinalizarConsulta,
  MedicoPacientesQuery,
  PacienteOpcion,
  Visita,
} from '../../../contracts/consultations.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { fail } from '../../lib/errors.ts';
import { instantOf, localDate } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { listConfirmedVisits, recordAttendance } from '../visits/index.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import {
  findConsultation,
  finishConsultation,
  listDoctorConsultations,
  listSelectablePatients,
} from './consultations.repository.ts';

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
