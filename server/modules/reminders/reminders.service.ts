import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { currentClinic } from '../clinic/index.ts';
import { groupedNoticeMail, type MailContext } from './reminders.mail.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import { claimDueNotices, type ClaimedNotice, insertRequestNotice, settleNotices } from './reminders.repository.ts';
import type { AppointmentMailRows } from './appointment-mail-row.ts';

/** How long a worker owns a claimed notice; longer than the SMTP time-outs (server/lib/mail.ts). */
export const CLAIM_MINUTES = 5;
/** Notices taken per round; a worker keeps taking rounds while it finds full ones. */
const BATCH = 20;
/** Tries before a notice is given up as 'fallido'; between tries the wait grows (5, 10, 15 ... min). */
export const MAX_ATTEMPTS = 5;

const mailContext = async (app: FastifyInstance, now: Date): Promise<MailContext> => ({
  timeZone: app.config.timeZone,
  publicUrl: app.config.publicUrl,
  now,
  clinic: await currentClinic(app),
});

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';

/**
 * Leaves the doctor's notice of a new request, in the booking's transaction: kept
 * in the database, so a restart loses none; grouped with the doctor's others by sendRequestNotices.
 * True when it is due now (the doctor had no e-mail in the last REQUEST_NOTICE_MINUTES and none
 * is waiting for the window to end): only then is notifyDoctorOfBooking worth a claim.
 */
export async function queueRequestNotice(
  app: FastifyInstance,
  db: Kysely<Database> | Transaction<Database>,
  cita: { id_cita: number; id_doctor: number },
): Promise<boolean> {
  const now = app.clock.now().toISOString();
  const sendAt = await insertRequestNotice(db, { ...cita, now, windowMinutes: app.config.requestNoticeMinutes });
  return sendAt <= now;
}

/**
 * After the booking's commit, when queueRequestNotice said the notice is due: sends the doctor's
 * notices now; a notice not yet due is sent by the worker when its window ends. The patient does
 * not wait for the mail.
 */
export function notifyDoctorOfBooking(app: FastifyInstance, read: AppointmentMailRows, id_doctor: number): void {
  app.mailer.sweepLater(
    `request-notices:${id_doctor}`,
    () => sendRequestNotices(app, read, app.clock.now(), id_doctor),
    (error) => app.log.warn({ id_doctor, code: errorCode(error) }, 'request notice not sent'),
  );
}

export interface NoticeRun {
  /** E-mails sent (each may list several requests). */
  sent: number;
  cancelled: number;
  failed: number;
  retrying: number;
}

/**
 * Sends each doctor whose notices are due one e-mail listing their pending requests (answered or
 * withdrawn ones are left out; with none left, no e-mail). A failed send is tried again later,
 * as reminders are.
 */
export async function sendRequestNotices(
  app: FastifyInstance,
  read: AppointmentMailRows,
  now: Date = app.clock.now(),
  id_doctor?: number,
): Promise<NoticeRun> {
  const run: NoticeRun = { sent: 0, cancelled: 0, failed: 0, retrying: 0 };
  const stamp = now.toISOString();
  const leaseUntil = new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
  for (;;) {
    const claimed = await claimDueNotices(app.db, app.database.dialect, {
      now: stamp,
      leaseUntil,
      windowMinutes: app.config.requestNoticeMinutes,
      ...(id_doctor === undefined ? {} : { id_doctor }),
      limit: BATCH,
    });
    if (claimed.length === 0) break;
    // REQUEST_NOTICE_MINUTES=0 turns grouping off: one e-mail per request.
    const grouped = app.config.requestNoticeMinutes > 0;
    const byDoctor = new Map<number, ClaimedNotice[]>();
    for (const notice of claimed) {
      const key = grouped ? notice.id_doctor : -notice.id_aviso;
      byDoctor.set(key, [...(byDoctor.get(key) ?? []), notice]);
    }
    const rows = new Map(
      (
        await read(app.db,
          claimed.map((c) => c.id_cita),
        )
      ).map((r) => [r.id_cita, r]),
    );
    for (const notices of byDoctor.values()) {
      const doctor = notices[0]?.id_doctor;
      const ids = notices.map((n) => n.id_aviso);
      const pending = notices.flatMap((n) => {
        const row = rows.get(n.id_cita);
        return row && row.estado === 'pendiente' ? [row] : [];
      });
      if (pending.length === 0) {
        await settleNotices(app.db, ids, { estado: 'cancelado', enviado_en: null });
        run.cancelled += 1;
        continue;
      }
      try {
        await app.mailer.send(groupedNoticeMail(pending, await mailContext(app, now)));
        await settleNotices(app.db, ids, { estado: 'enviado', enviado_en: stamp });
        run.sent += 1;
      } catch (error) {
        const tries = Math.max(...notices.map((n) => n.intentos));
        app.log.warn({ id_doctor: doctor, intento: tries, code: errorCode(error) }, 'request notice not sent');
        if (tries >= MAX_ATTEMPTS) {
          await settleNotices(app.db, ids, { estado: 'fallido', enviado_en: null });
          run.failed += 1;
        } else {
          await settleNotices(app.db, ids, {
            retryAt: new Date(now.getTime() + tries * CLAIM_MINUTES * 60_000).toISOString(),
          });
          run.retrying += 1;
        }
      }
    }
    if (claimed.length < BATCH) break;
  }
  return run;
}

/** The calendar context of the e-mails, for other modules that build an appointment's .ics. */
export const calendarContext = (app: FastifyInstance): Promise<MailContext> => mailContext(app, app.clock.now());

/**
 * Runs sendRequestNotices every REMINDER_POLL_SECONDS (0: never) until stop(), which waits for a run
 * in progress. The notices live in the database, so a restart loses none. (The patients' reminders
 * are notices: the notices module sends them.)
 */
export function startRequestNoticeWorker(app: FastifyInstance, read: AppointmentMailRows): PeriodicWorker {
  return startPeriodicWorker(() => sendRequestNotices(app, read), {
    seconds: app.config.reminderPollSeconds,
    onError: (error) => app.log.error({ code: errorCode(error) }, 'reminder worker round failed'),
  });
}
