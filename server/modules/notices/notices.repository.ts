import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DialectName } from '../../db/index.ts';
import type { Database, NotificacionesTable } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type NoticeRow = Selectable<NotificacionesTable>;
export type NewNotice = Omit<Insertable<NotificacionesTable>, 'id_notificacion' | 'estado' | 'intentos' | 'reservado_hasta' | 'id_pasarela' | 'error' | 'enviado_en'>;

/** Writes notices as pending, in the caller's transaction. */
export async function insertNotices(db: Db, notices: NewNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insertInto('notificaciones')
    .values(notices.map((notice) => ({ ...notice, estado: 'pendiente' as const, reservado_hasta: null, id_pasarela: null, error: null, enviado_en: null })))
    .execute();
}

/** The ids of the notices due by `now` that no live lease holds, oldest first: the next batch to send. */
function dueNotices(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('notificaciones')
    .select('id_notificacion')
    .where('estado', '=', 'pendiente')
    .where('enviar_en', '<=', now)
    .where((inner) => inner.or([inner('reservado_hasta', 'is', null), inner('reservado_hasta', '<', now)]))
    .orderBy('enviar_en')
    .orderBy('id_notificacion')
    .limit(limit);
}

/**
 * Claims up to `limit` due notices until `leaseUntil`, atomically: the due rows are picked and
 * locked by the statement's subquery (SKIP LOCKED on PostgreSQL: rows another worker is claiming
 * are passed over, never waited for) and leased by its UPDATE, which checks again that each row is
 * still pending and free. SQLite has one writer, so the statement is atomic as it is. A claim
 * whose worker died expires at its lease, and the notice is claimed again.
 */
export async function claimDueNotices(db: Kysely<Database>, dialect: DialectName, now: string, leaseUntil: string, limit: number): Promise<NoticeRow[]> {
  if (dialect === 'postgres') return claimOnPostgres(db, now, leaseUntil, limit);
  // One statement: on SQLite a read-then-write transaction of two processes would fail with
  // SQLITE_BUSY when both try to upgrade their read lock; one UPDATE takes the write lock at once.
  return db
    .updateTable('notificaciones')
    .set((eb) => ({ reservado_hasta: leaseUntil, intentos: eb('intentos', '+', 1), actualizado_en: now }))
    .where('id_notificacion', 'in', dueNotices(db, now, limit))
    .where('estado', '=', 'pendiente')
    .where((eb) => eb.or([eb('reservado_hasta', 'is', null), eb('reservado_hasta', '<', now)]))
    .returningAll()
    .execute();
}

// PostgreSQL may run a LIMIT subquery inside an UPDATE more than once (and claim more than
// `limit`): the due rows are picked and locked first, then leased, in one transaction.
async function claimOnPostgres(db: Kysely<Database>, now: string, leaseUntil: string, limit: number): Promise<NoticeRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await dueNotices(trx, now, limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return [];
    return trx
      .updateTable('notificaciones')
      .set((eb) => ({ reservado_hasta: leaseUntil, intentos: eb('intentos', '+', 1), actualizado_en: now }))
      .where(
        'id_notificacion',
        'in',
        due.map((row) => row.id_notificacion),
      )
      .returningAll()
      .execute();
  });
}

export type NoticeOutcome =
  | { estado: 'enviado'; enviado_en: string; id_pasarela: string | null }
  | { estado: 'cancelado' | 'fallido'; error: string | null }
  | { retryAt: string; error: string };

/**
 * Settles a notice this worker holds (its lease `leaseUntil`): a worker whose lease ran out and
 * whose notice another worker claimed since changes nothing.
 */
export async function settleNotice(db: Db, id: number, leaseUntil: string, now: string, outcome: NoticeOutcome): Promise<boolean> {
  const values =
    'retryAt' in outcome
      ? { enviar_en: outcome.retryAt, reservado_hasta: null, error: outcome.error }
      : { ...outcome, reservado_hasta: null };
  const result = await db
    .updateTable('notificaciones')
    .set({ ...values, actualizado_en: now })
    .where('id_notificacion', '=', id)
    .where('estado', '=', 'pendiente')
    .where('reservado_hasta', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A gateway's receipt: the SMS it names was delivered or not. */
export async function recordReceipt(db: Db, id_pasarela: string, estado: 'entregado' | 'fallido', now: string): Promise<void> {
  await db
    .updateTable('notificaciones')
    .set({ estado, actualizado_en: now })
    .where('id_pasarela', '=', id_pasarela)
    .where('estado', '=', 'enviado')
    .execute();
}

/** Notices still waiting for a visit that will not happen in that form (cancelled; moved before a reminder went). */
export async function cancelPendingNotices(db: Db, id_cita: number, tipos: string[], now: string): Promise<void> {
  if (tipos.length === 0) return;
  await db
    .updateTable('notificaciones')
    .set({ estado: 'cancelado', actualizado_en: now })
    .where('id_cita', '=', id_cita)
    .where('tipo', 'in', tipos)
    .where('estado', '=', 'pendiente')
    .execute();
}

/** A visit's notices, oldest first: what was sent, when, how, and what became of it. */
export async function listVisitNotices(db: Db, id_cita: number) {
  return db
    .selectFrom('notificaciones')
    .select(['id_notificacion', 'destinatario', 'canal', 'tipo', 'estado', 'intentos', 'creado_en', 'enviar_en', 'enviado_en', 'actualizado_en'])
    .where('id_cita', '=', id_cita)
    .orderBy('id_notificacion')
    .execute();
}

/** Whether a number answered "BAJA". */
export async function optedOut(db: Db, telefono: string): Promise<boolean> {
  return (await db.selectFrom('sms_bajas').select('telefono').where('telefono', '=', telefono).executeTakeFirst()) !== undefined;
}

/** A number that answered "BAJA" gets no SMS again (a second "BAJA" changes nothing). */
export async function recordOptOut(db: Db, telefono: string, now: string): Promise<void> {
  await db.insertInto('sms_bajas').values({ telefono, creado_en: now }).onConflict((oc) => oc.column('telefono').doNothing()).execute();
}

/** What the notices' queue holds, by channel: waiting to go, sent (delivered or answered too) and failed (metrics). */
export type NoticeQueueCounts = Record<'email' | 'sms', Record<'waiting' | 'sent' | 'failed', number>>;

const QUEUE_STATE: Partial<Record<NotificacionesTable['estado'], 'waiting' | 'sent' | 'failed'>> = {
  pendiente: 'waiting',
  enviado: 'sent',
  entregado: 'sent',
  respondido: 'sent',
  fallido: 'failed',
};

export async function countNoticeQueue(db: Db): Promise<NoticeQueueCounts> {
  const rows = await db
    .selectFrom('notificaciones')
    .select((eb) => ['canal', 'estado', eb.fn.countAll<number>().as('total')])
    .groupBy(['canal', 'estado'])
    .execute();
  const counts: NoticeQueueCounts = { email: { waiting: 0, sent: 0, failed: 0 }, sms: { waiting: 0, sent: 0, failed: 0 } };
  for (const row of rows) {
    const state = QUEUE_STATE[row.estado];
    if (state) counts[row.canal][state] += Number(row.total);
  }
  return counts;
}

/** The notices to a doctor since `since`, newest first (their visits' ids read from `citas`). */
export async function listDoctorNotices(db: Db, id_doctor: number, since: string, limit: number) {
  return db
    .selectFrom('notificaciones')
    .select(['id_notificacion', 'id_cita', 'tipo', 'datos', 'creado_en'])
    .where('destinatario', '=', 'doctor')
    .where('canal', '=', 'email')
    .where('creado_en', '>=', since)
    .where('id_cita', 'in', (eb) => eb.selectFrom('citas').select('id_cita').where('id_doctor', '=', id_doctor))
    .orderBy('id_notificacion', 'desc')
    .limit(limit)
    .execute();
}
