import type { FastifyInstance } from 'fastify';
import type { PagingQuery } from '../../../contracts/common.ts';
import type { MedicoPacientesQuery, PacienteOpcion, Visita } from '../../../contracts/consultations.ts';
import { ownDoctorId } from '../../lib/access.ts';
import { localDate } from '../../lib/clock.ts';
import type { Caller } from '../../lib/request-context.ts';
import { actorAudit, writeAudit } from '../audit/index.ts';
import { listConfirmedAppointments } from './appointment-reads.repository.ts';
import { listSelectablePatients } from './care.repository.ts';
import { visitTypeNamer } from '../visit-types/index.ts';

interface Page<T> {
  items: T[];
  total: number;
}

const pageOf = (query: Pick<PagingQuery, 'pagina' | 'por_pagina'>) => ({
  offset: (query.pagina - 1) * query.por_pagina,
  limit: query.por_pagina,
});

/** The doctor's lists around appointments: the patients they may assign one to, their confirmed visits. */
export function createDoctorListsService(app: FastifyInstance) {
  const { db, clock, config } = app;

  return {
    /** Patients a doctor can pick: every active patient, or only those the doctor treats. */
    async patients(caller: Caller, query: MedicoPacientesQuery): Promise<Page<PacienteOpcion>> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      return listSelectablePatients(db, {
        buscar: query.buscar,
        onlyTreatedBy: query.mis_pacientes ? id_doctor : undefined,
        ...pageOf(query),
      });
    },

    /** The doctor's confirmed visits from today on; reading them is audited. */
    async visits(caller: Caller, query: PagingQuery): Promise<Page<Visita>> {
      const id_doctor = ownDoctorId(caller.actor, caller.language);
      const now = clock.now();
      const page = await listConfirmedAppointments(db, id_doctor, localDate(now, config.timeZone), pageOf(query));
      await writeAudit(db, actorAudit(caller.actor, caller.address, now.toISOString(), { accion: 'visitas.listar', id_paciente: null, detalle: `${page.items.length} visitas` }));
      const typeOf = await visitTypeNamer(db, caller.language);
      return { ...page, items: page.items.map(({ id_tipo_visita, ...visit }) => ({ ...visit, tipo_visita: typeOf(id_tipo_visita) })) };
    },
  };
}
