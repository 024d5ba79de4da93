import type { Kysely, Transaction } from 'kysely';
import type { Franja } from '../../../contracts/weekly-hours.ts';
import type { Database } from '../../db/schema/index.ts';
import { doctorsWithHours } from './weekly-hours.repository.ts';
import { franjasOn } from './weekly-hours.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The weekly hours a doctor works on `fecha`: the version in force that day (none before the first). */
export async function hoursInForce(db: Db, id_doctor: number, fecha: string): Promise<Franja[]> {
  return franjasOn((await doctorsWithHours(db, id_doctor)).get(id_doctor), fecha);
}
