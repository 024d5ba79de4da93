import type { Kysely, Transaction } from 'kysely';
import type { Franja } from '../../../contracts/weekly-hours.ts';
import type { Database } from '../../db/schema/index.ts';
import { doctorsWithHours } from './weekly-hours.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The weekly hours a doctor works on `fecha`: none before the saved hours apply. */
export async function hoursInForce(db: Db, id_doctor: number, fecha: string): Promise<Franja[]> {
  const hours = (await doctorsWithHours(db, id_doctor)).get(id_doctor);
  return hours && fecha >= hours.vigente_desde ? hours.franjas : [];
}
