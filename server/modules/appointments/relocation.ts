import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { activeVisitsOnDays, clearRelocation, markForRelocation, type RelocationCause } from './relocation.repository.ts';

export type { RelocationCause };

/**
 * What the agenda does to visits when a day closes or a doctor is away, in its transaction: the
 * visits are kept and wait for the desk to relocate them (never cancelled by the closure itself).
 */
export function relocation(db: Kysely<Database> | Transaction<Database>) {
  return {
    /** The chosen visits (an absence's) wait for the desk. */
    mark: (ids: readonly number[], cause: RelocationCause) => markForRelocation(db, ids, cause),
    /** Every visit still to come on the clinic's closed days [from, to] waits for the desk. */
    markDays: async (from: string, to: string, now: { today: string; time: string }, cause: RelocationCause) => {
      const start = from > now.today ? from : now.today;
      if (start > to) return 0;
      return markForRelocation(db, await activeVisitsOnDays(db, start, to, now.today, now.time), cause);
    },
    /** The cause went away (closure or absence removed, day reopened): its visits stop waiting. */
    clear: (cause: Omit<RelocationCause, 'motivo'>, from: string, to: string) => clearRelocation(db, cause, from, to),
  };
}
