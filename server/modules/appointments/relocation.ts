import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { recordVisitChange } from '../notices/index.ts';
import { findAppointmentMailRows } from './appointment-reads.repository.ts';
import { activeVisitsOnDays, clearRelocation, markForRelocation, type RelocationCause } from './relocation.repository.ts';

export type { RelocationCause };

/**
 * What the agenda does to visits when a day closes or a doctor is away, in its transaction: the
 * visits are kept and wait for the desk to relocate them (never cancelled by the closure itself).
 */
export function relocation(db: Kysely<Database> | Transaction<Database>, app?: FastifyInstance) {
  // Each visit that starts waiting tells its patient, in the same transaction (when `app` is given).
  const mark = async (ids: readonly number[], cause: RelocationCause) => {
    const marked = await markForRelocation(db, ids, cause);
    if (app) for (const id_cita of marked) await recordVisitChange(app, db, findAppointmentMailRows, id_cita, {
          tipo: 'por_reubicar',
          // A closure's reason is the clinic's to tell; a doctor's absence is theirs and stays in the clinic.
          motivo: cause.causa === 'cierre' ? cause.motivo : null,
        });
    return marked.length;
  };
  return {
    /** The chosen visits (an absence's) wait for the desk. */
    mark,
    /** Every visit still to come on the clinic's closed days [from, to] waits for the desk. */
    markDays: async (from: string, to: string, now: { today: string; time: string }, cause: RelocationCause) => {
      const start = from > now.today ? from : now.today;
      if (start > to) return 0;
      return mark(await activeVisitsOnDays(db, start, to, now.today, now.time), cause);
    },
    /** The cause went away (closure or absence removed, day reopened): its visits stop waiting. */
    clear: (cause: Omit<RelocationCause, 'motivo'>, from: string, to: string) => clearRelocation(db, cause, from, to),
  };
}
