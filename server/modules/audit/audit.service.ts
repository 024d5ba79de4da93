import type { FastifyInstance } from 'fastify';
import type { AuditoriaQuery } from '../../../contracts/audit.ts';
import type { PagingQuery } from '../../../contracts/common.ts';
import { ownPatientId } from '../../lib/access.ts';
import type { Caller } from '../../lib/request-context.ts';
import { listAudit, listRecordAccesses } from './audit.repository.ts';

export function createAuditService(app: FastifyInstance) {
  const { db } = app;
  return {
    /** The whole log, filtered and paged (admins). */
    async list(_caller: Caller, query: AuditoriaQuery) {
      return listAudit(db, query);
    },

    /** Who opened the calling patient's record and when. */
    async recordAccesses({ actor, language }: Caller, query: Pick<PagingQuery, 'pagina' | 'por_pagina'>) {
      return listRecordAccesses(db, ownPatientId(actor, language), actor.id_usuario, query);
    },
  };
}
