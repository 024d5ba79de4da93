import type { FastifyInstance } from 'fastify';
import type { AccionAuditoria } from '../../../contracts/audit.ts';
import type { Consulta, ConsultasQuery } from '../../../contracts/consultations.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import { ownDoctorId } from '../../lib/access.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { listDoctorConsultations } from './consultations.repository.ts';

export interface Page<T> {
  items: T[];
  total: number;
}

const pageOf = (query: Pick<PagingQuery, 'pagina' | 'por_pagina'>) => ({
  offset: (query.pagina - 1) * query.por_pagina,
  limit: query.por_pagina,
});

export function createConsultationsService(app: FastifyInstance) {
  const { db, clock } = app;

  const audit = (caller: Caller, accion: AccionAuditoria, id_paciente: number | null, detalle: string, creado_en: string) =>
    actorAudit(caller.actor, caller.address, creado_en, { accion, id_paciente, detalle });

  return {
    /** The doctor's own consultations (GET /api/medico/consultas); reading them is audited. */
    async list(caller: Caller, query: ConsultasQuery): Promise<Page<Consulta>> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const page = await listDoctorConsultations(db, id_doctor, { estado: query.estado, ...pageOf(query) });
      await writeAudit(db, audit(caller, 'consultas.listar', null, `${page.items.length} consultas`, clock.now().toISOString()));
      return page;
    },
  };
}
