import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { countingNoShow } from './appointments.repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

// Booking caps: how many visits one patient may hold, in all and with one doctor on one day.

/**
 * Holds the patient's row until the transaction ends, so two bookings (or waitlist joins) of one
 * patient racing each other count each other's rows. PostgreSQL only: SQLite runs one writing
 * transaction at a time, which already keeps them apart. `FOR NO KEY UPDATE`: `FOR UPDATE` would also
 * block the key-share lock every audit entry and visit of this patient takes for its foreign key, and
 * a doctor's answer waiting so while the patient waited for the visit deadlocked.
 */
export async function lockPatient(db: Db, id_paciente: number, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'sqlite') return;
  await lockPatientQuery(db, id_paciente);
}

const lockPatientQuery = compiledOnce((db, id_paciente: number) =>
  db.selectFrom('pacientes').select('id_paciente').where('id_paciente', '=', id_paciente).forNoKeyUpdate(),
);

/** What the booking caps count of one patient's visits. */
export interface BookingCounts {
  /** Pending or confirmed visits that have not started yet. */
  activeFuture: number;
  /** Pending or confirmed visits with `id_doctor` on `fecha`. */
  withDoctorThatDay: number;
  /** No-shows that count (countingNoShow) on or after `noShowsSince`. */
  noShows: number;
  /** Requests still waiting for the doctor whose time has not come. */
  pendingFuture: number;
}

type CapsScope = { id_paciente: number; id_doctor: number; fecha: string; today: string; time: string; noShowsSince: string; except?: number | undefined };

// Every booking and every move reads them: compiled once.
const bookingCapsQuery = compiledOnce((db, of: CapsScope) =>
  db
    .selectFrom('citas')
    .where('id_paciente', '=', of.id_paciente)
    // Every count looks at the last year or later: older visits are left in the index.
    .where('fecha', '>=', of.noShowsSince)
    .$if(of.except !== undefined, (qb) => qb.where('id_cita', '<>', of.except as number))
    .select((eb) => {
      const active = eb('estado', 'in', ['pendiente', 'Confirmada']);
      const future = eb.or([eb('fecha', '>', of.today), eb.and([eb('fecha', '=', of.today), eb('hora', '>', of.time)])]);
      const count = () => eb.fn.countAll<number | string>();
      return [
        count().filterWhere(eb.and([active, future])).as('active_future'),
        count()
          .filterWhere(eb.and([active, eb('id_doctor', '=', of.id_doctor), eb('fecha', '=', of.fecha)]))
          .as('with_doctor_that_day'),
        count()
          .filterWhere(eb.and([countingNoShow, eb('fecha', '>=', of.noShowsSince)]))
          .as('no_shows'),
        count().filterWhere(eb.and([eb('estado', '=', 'pendiente'), future])).as('pending_future'),
      ];
    }),
);

/**
 * The booking caps' counts in one read of the patient's visits (one round trip while the booking
 * holds its locks, where four used to be), leaving out `except`, a visit being moved: it must not
 * count against its own move.
 */
export async function countBookingCaps(db: Db, of: CapsScope): Promise<BookingCounts> {
  const { rows } = await bookingCapsQuery(db, of);
  const row = rows[0] ?? { active_future: 0, with_doctor_that_day: 0, no_shows: 0, pending_future: 0 };
  return {
    activeFuture: Number(row.active_future),
    withDoctorThatDay: Number(row.with_doctor_that_day),
    noShows: Number(row.no_shows),
    pendingFuture: Number(row.pending_future),
  };
}

/** What the caps on one sign-up address count, for a booking by one of its patients. */
export interface AddressCounts {
  /** Pending or confirmed visits still to come of every patient who signed up from the address. */
  activeFuture: number;
  /** Visits booked since `dayAgo` by the address's accounts made since `dayAgo`; null when the booking account is older. */
  bookedByNewAccounts: number | null;
}

/**
 * The booking caps that look past one account: throwaway accounts made from one address share
 * these counts. Null for a patient who did not sign up themselves (staff registered them), whose
 * address is not known.
 */
export async function countAddressCaps(
  db: Db,
  of: { id_paciente: number; today: string; time: string; dayAgo: string },
): Promise<AddressCounts | null> {
  const patient = await db
    .selectFrom('pacientes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select(['p.ip_registro', 'u.creado_en'])
    .where('p.id_paciente', '=', of.id_paciente)
    .executeTakeFirst();
  if (!patient || patient.ip_registro === null) return null;
  const ip = patient.ip_registro;
  const active = await db
    .selectFrom('citas as c')
    .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('p.ip_registro', '=', ip)
    .where('c.estado', 'in', ['pendiente', 'Confirmada'])
    .where((eb) => eb.or([eb('c.fecha', '>', of.today), eb.and([eb('c.fecha', '=', of.today), eb('c.hora', '>', of.time)])]))
    .executeTakeFirstOrThrow();
  let bookedByNewAccounts: number | null = null;
  if (patient.creado_en > of.dayAgo) {
    const young = await db
      .selectFrom('citas as c')
      .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
      .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('p.ip_registro', '=', ip)
      .where('u.creado_en', '>', of.dayAgo)
      .where('c.creado_en', '>', of.dayAgo)
      .executeTakeFirstOrThrow();
    bookedByNewAccounts = Number(young.total);
  }
  return { activeFuture: Number(active.total), bookedByNewAccounts };
}
