import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/index.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database } from '../../db/schema/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Leaves a pending notice of a new request for its doctor (in the booking's transaction) and tells
 * when it will go: with the doctor's batch still waiting, else at once, and never sooner than
 * `windowMinutes` after the doctor's last notice e-mail (one e-mail per doctor per window at most).
 * A batch queued while the last e-mail was being sent is already due but cannot go before the window
 * ends either: the later of the two times is the one the caller may act on. An e-mail still going
 * out (its notices claimed, not yet settled) counts as sent now: a request made meanwhile waits for
 * the window after it, instead of being due at once and sending its booking to claim nothing.
 */
export async function insertRequestNotice(
  db: Db,
  values: { id_cita: number; id_doctor: number; now: string; windowMinutes: number },
): Promise<string> {
  const { rows } = await doctorNoticeTimes(db, values.id_doctor, values.now);
  const waiting = rows[0]?.waiting ?? values.now;
  const lastSent = rows[0]?.sending ? values.now : rows[0]?.last_sent;
  const windowEnd = lastSent ? new Date(new Date(lastSent).getTime() + values.windowMinutes * 60_000).toISOString() : undefined;
  const enviar_en = windowEnd && windowEnd > waiting ? windowEnd : waiting;
  await insertNoticeQuery(db, { id_cita: values.id_cita, id_doctor: values.id_doctor, creado_en: values.now, enviar_en });
  return enviar_en;
}

// Every booking runs them: compiled once, and one round trip for the three answers.
const doctorNoticeTimes = compiledOnce((db, id_doctor: number, now: string) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('avisos_solicitud')
      .select((inner) => inner.fn.min('enviar_en').as('enviar_en'))
      .where('id_doctor', '=', id_doctor)
      .where('estado', '=', 'pendiente')
      .where((inner) => inner.or([inner('reservado_hasta', 'is', null), inner('reservado_hasta', '<', now)]))
      .$asScalar()
      .as('waiting'),
    eb
      .selectFrom('avisos_solicitud')
      .select((inner) => inner.fn.max('reservado_hasta').as('reservado_hasta'))
      .where('id_doctor', '=', id_doctor)
      .where('estado', '=', 'pendiente')
      .where('reservado_hasta', '>=', now)
      .$asScalar()
      .as('sending'),
    eb
      .selectFrom('avisos_solicitud')
      .select((inner) => inner.fn.max('enviado_en').as('enviado_en'))
      .where('id_doctor', '=', id_doctor)
      .where('estado', '=', 'enviado')
      .$asScalar()
      .as('last_sent'),
  ]),
);

const insertNoticeQuery = compiledOnce(
  (db, notice: { id_cita: number; id_doctor: number; creado_en: string; enviar_en: string }) =>
    db.insertInto('avisos_solicitud').values({ ...notice, estado: 'pendiente', reservado_hasta: null, enviado_en: null }),
);

export interface ClaimedNotice {
  id_aviso: number;
  id_cita: number;
  id_doctor: number;
  intentos: number;
}

/**
 * Claims, until `leaseUntil`, every pending notice of the doctors who have one due (or of one
 * doctor): a doctor's notices go out together, in one e-mail. As claimDueReminders, the claim is
 * atomic across instances (SKIP LOCKED on PostgreSQL, one writer on SQLite). A doctor mailed less
 * than `windowMinutes` ago, or whose notices another worker holds, is left for later.
 */
export async function claimDueNotices(
  db: Db,
  dialect: DialectName,
  options: { now: string; leaseUntil: string; windowMinutes: number; id_doctor?: number; limit: number },
): Promise<ClaimedNotice[]> {
  const { now, leaseUntil } = options;
  const recent = new Date(new Date(now).getTime() - options.windowMinutes * 60_000).toISOString();
  return (
    db
      // The doctors whose notices are due, found once (materialized): as a subquery of the update,
      // PostgreSQL planned it from stale statistics as the inner side of a loop and ran it again
      // for every pending notice, tens of seconds after a burst of bookings.
      .with(
        (cte) => cte('due').materialized(),
        (qb) =>
          qb
            .selectFrom('avisos_solicitud as due')
            .select('due.id_doctor')
            .where('due.estado', '=', 'pendiente')
            .where('due.enviar_en', '<=', now)
            .where((inner) => inner.or([inner('due.reservado_hasta', 'is', null), inner('due.reservado_hasta', '<', now)]))
            .$if(options.id_doctor !== undefined, (query) => query.where('due.id_doctor', '=', options.id_doctor as number))
            // Not a doctor e-mailed within the window, nor one whose notices another claim holds:
            // two tests, each a seek of the doctor's own index.
            .where((w) => {
              const ofTheDoctor = () => w.selectFrom('avisos_solicitud as other').select('other.id_aviso').whereRef('other.id_doctor', '=', 'due.id_doctor');
              return w.and([
                w.not(w.exists(ofTheDoctor().where('other.estado', '=', 'enviado').where('other.enviado_en', '>', recent))),
                w.not(w.exists(ofTheDoctor().where('other.estado', '=', 'pendiente').where('other.reservado_hasta', '>=', now))),
              ]);
            })
            .orderBy('due.enviar_en')
            .limit(options.limit),
      )
      .updateTable('avisos_solicitud')
      .set((eb) => ({ reservado_hasta: leaseUntil, intentos: eb('intentos', '+', 1) }))
      .where('estado', '=', 'pendiente')
      .where((eb) => eb.or([eb('reservado_hasta', 'is', null), eb('reservado_hasta', '<', now)]))
      // The rows are picked, and on PostgreSQL locked, by the inner select, in one order and skipping
      // rows another transaction holds, so the update never waits for a lock: two claims running
      // together (a booking's immediate notice and the worker) used to lock a doctor's rows in
      // different orders and deadlock.
      .where('id_aviso', 'in', (eb) =>
        eb
          .selectFrom('avisos_solicitud as notice')
          .select('notice.id_aviso')
          .where('notice.estado', '=', 'pendiente')
          .where((inner) => inner.or([inner('notice.reservado_hasta', 'is', null), inner('notice.reservado_hasta', '<', now)]))
          .where('notice.id_doctor', 'in', (doctors) => doctors.selectFrom('due').select('due.id_doctor'))
          // A doctor's batch is one e-mail: on PostgreSQL the doctor's row is locked with the claim, and
          // a claim running alongside skips that doctor whole. Skipping locked notices alone let two
          // instances split one doctor's notices between them and each send an e-mail.
          .$if(dialect === 'postgres', (query) =>
            query.where((w) =>
              w.exists(
                w
                  .selectFrom('doctores')
                  .select('doctores.id_doctor')
                  .whereRef('doctores.id_doctor', '=', 'notice.id_doctor')
                  .forNoKeyUpdate()
                  .skipLocked(),
              ),
            ),
          )
          .orderBy('notice.id_aviso')
          .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked()),
      )
      .returning(['id_aviso', 'id_cita', 'id_doctor', 'intentos'])
      .execute()
  );
}

/** Settles claimed notices: sent, not to be sent, or (with `retryAt`) kept for another try. */
export async function settleNotices(
  db: Db,
  ids: number[],
  outcome: { estado: 'enviado' | 'cancelado' | 'fallido'; enviado_en: string | null } | { retryAt: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('avisos_solicitud')
    .set(
      'retryAt' in outcome
        ? { reservado_hasta: outcome.retryAt, enviar_en: outcome.retryAt }
        : { ...outcome, reservado_hasta: null },
    )
    .where('id_aviso', 'in', ids)
    .where('estado', '=', 'pendiente')
    .execute();
}

/** Notices to patients and doctors (reminders among them) and request notices past their time and not yet sent: the outboxes' backlog (metrics). */
export async function countDueOutbox(db: Db, now: string): Promise<{ notificaciones: number; avisos_solicitud: number }> {
  const [reminders, notices] = await Promise.all([
    db
      .selectFrom('notificaciones')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('estado', '=', 'pendiente')
      .where('enviar_en', '<=', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('avisos_solicitud')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('estado', '=', 'pendiente')
      .where('enviar_en', '<=', now)
      .executeTakeFirstOrThrow(),
  ]);
  return { notificaciones: Number(reminders.total), avisos_solicitud: Number(notices.total) };
}
