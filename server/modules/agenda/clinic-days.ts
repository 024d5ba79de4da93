import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { HolidayCalendar } from './holidays.ts';
import { closuresFrom, clinicHolidayEntries } from './closures.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Which days the whole clinic is closed: a public holiday it does not open on, a local holiday, or a closure. */
export interface ClinicDays {
  isHoliday(fecha: string): boolean;
}

/** The clinic's calendar between two dates (both included), read once for a run over those days. */
export async function clinicDays(db: Db, holidays: HolidayCalendar, from: string, to: string): Promise<ClinicDays> {
  const [closures, entries] = await Promise.all([closuresFrom(db, from, to), clinicHolidayEntries(db, from, to)]);
  const own = new Map(entries.map((entry) => [entry.fecha, entry.tipo]));
  return {
    isHoliday(fecha) {
      if (closures.some((closure) => closure.fecha_inicio <= fecha && fecha <= closure.fecha_fin)) return true;
      const tipo = own.get(fecha);
      if (tipo === 'local') return true;
      if (tipo === 'abierto') return false;
      return holidays.isHoliday(fecha);
    },
  };
}

/** Whether the administrator closed the clinic on a day (a closure or a local holiday): no doctor opens it by hand. */
export async function closedByClinic(db: Db, fecha: string): Promise<boolean> {
  const [closures, entries] = await Promise.all([closuresFrom(db, fecha, fecha), clinicHolidayEntries(db, fecha, fecha)]);
  return closures.length > 0 || entries.some((entry) => entry.tipo === 'local');
}
