import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

const visitCount = (db: Db) =>
  db.selectFrom('citas as c').select((eb) => eb.fn.countAll<string | number>().as('total'));

/** How many visits (`citas as c`) are left by the conditions `narrow` adds. */
export async function countVisits(
  db: Db,
  narrow: (query: ReturnType<typeof visitCount>) => ReturnType<typeof visitCount>,
): Promise<number> {
  const row = await narrow(visitCount(db)).executeTakeFirstOrThrow();
  return Number(row.total);
}
