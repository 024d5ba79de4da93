import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AvisoCita } from '../../../contracts/notices.ts';
import type { Database } from '../../db/schema/index.ts';
import { fail } from '../../lib/errors.ts';
import type { Caller } from '../../lib/request-context.ts';
import { listVisitNotices } from './notices.repository.ts';

/** A visit's patient and doctor, read by the appointments module, which owns visits. */
export type VisitOwners = (db: Kysely<Database>, id_cita: number) => Promise<{ id_paciente: number; id_doctor: number } | undefined>;

/** The messages about a visit, for its patient, its doctor, the desk and administrators. */
export async function visitNotices(app: FastifyInstance, owners: VisitOwners, caller: Caller, id_cita: number): Promise<AvisoCita[]> {
  const visit = await owners(app.db, id_cita);
  if (!visit) throw fail(404, 'cita_no_encontrada', caller.language);
  const { actor } = caller;
  const allowed =
    actor.rol === 'admin' ||
    actor.rol === 'recepcion' ||
    (actor.rol === 'paciente' && actor.id_paciente === visit.id_paciente) ||
    (actor.rol === 'doctor' && actor.id_doctor === visit.id_doctor);
  if (!allowed) throw fail(403, 'sin_permiso', caller.language);
  return listVisitNotices(app.db, id_cita);
}
