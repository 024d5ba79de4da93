import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

const appointmentCount = (db: Db) =>
  db.selectFrom('citas as c').select((eb) => eb.fn.countAll<string | number>().as('total'));

/** How many appointments (`citas as c`) are left by the conditions `narrow` adds. */
export async function countAppointments(
  db: Db,
  narrow: (query: ReturnType<typeof appointmentCount>) => ReturnType<typeof appointmentCount>,
): Promise<number> {
  const row = await narrow(appointmentCount(db)).executeTakeFirstOrThrow();
  return Number(row.total);
}
