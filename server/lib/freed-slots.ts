import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema/index.ts';

/**
 * What the agenda does, inside the caller's transaction, with a slot a visit has just let go: it
 * stays free only where the doctor works now. The appointments module frees slots but may not
 * import the agenda (which imports it), so the app hands this in (app.ts).
 */
export type FreedSlotSettler = (db: Kysely<Database> | Transaction<Database>, id_agenda: number) => Promise<void>;
