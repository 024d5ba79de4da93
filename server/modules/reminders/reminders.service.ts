import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { currentClinic } from '../clinic/index.ts';
import {
  cancellationMail,
  doctorCancellationMail,
  groupedNoticeMail,
  movedNoticeMail,
  patientLeftMail,
  reminderMail,
  type MailContext,
  type OneTapLinks,
} from './reminders.mail.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import {
  claimDueNotices,
  claimDueReminders,
  type ClaimedNotice,
  insertReminder,
  insertRequestNotice,
  resetReminder,
  settleNotices,
  settleReminder,
} from './reminders.repository.ts';
import type { AppointmentMailRows } from './appointment-mail-row.ts';

/** Makes a visit's one-tap links (the appointments module's), set by the plugin for its app. */
export type OneTapLinksOf = (id_cita: number) => Promise<OneTapLinks | undefined>;
// Keyed by the app's mailer, which the root instance and its plugins (child instances) share.
const linkMakers = new WeakMap<object, OneTapLinksOf>();

/** The reminders of `app` carry the links `links` makes. */
export function useOneTapLinks(app: FastifyInstance, links: OneTapLinksOf): void {
  linkMakers.set(app.mailer, links);
}

/** How long a worker owns a claimed reminder; longer than the SMTP time-outs (server/lib/mail.ts). */
export const CLAIM_MINUTES = 5;
/** Reminders taken per round; a worker keeps taking rounds while it finds full ones. */
const BATCH = 20;
/** Tries before a reminder is given up as 'fallido'; between tries the wait grows (5, 10, 15 ... min). */
export const MAX_ATTEMPTS = 5;

export interface ReminderRun {
  sent: number;
  cancelled: number;
  failed: number;
  retrying: number;
}

/** Schedules an appointment's reminder REMINDER_HOURS before the visit (in the booking's transaction). */
export async function scheduleReminder(
  app: FastifyInstance,
  db: Kysely<Database> | Transaction<Database>,
  cita: { id_cita: number; fecha: string; hora: string },
): Promise<void> {
  const visit = instantOf(cita.fecha, cita.hora, app.config.timeZone);
  const sendAt = new Date(visit.getTime() - app.config.reminderHours * 3_600_000);
  await insertReminder(db, cita.id_cita, sendAt.toISOString());
}

/** Moves an appointment's reminder with the visit (a reschedule, in its transaction). */
export async function moveReminder(
  app: FastifyInstance,
  db: Kysely<Database> | Transaction<Database>,
  cita: { id_cita: number; fecha: string; hora: string },
): Promise<void> {
  const visit = instantOf(cita.fecha, cita.hora, app.config.timeZone);
  await resetReminder(db, cita.id_cita, new Date(visit.getTime() - app.config.reminderHours * 3_600_000).toISOString());
}

const mailContext = async (app: FastifyInstance, now: Date): Promise<MailContext> => ({
  timeZone: app.config.timeZone,
  publicUrl: app.config.publicUrl,
  now,
  clinic: await currentClinic(app),
});

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';

/**
 * Sends the reminders that are due at `now`, each once: claimed atomically in the database, so
 * several workers (several server instances) never send the same one. Reminders of cancelled
 * appointments, and of visits already past, are closed without an e-mail. Tests call this with
 * the clock they set; the app calls it on an interval (startReminderWorker).
 */
export async function runDueReminders(app: FastifyInstance, read: AppointmentMailRows, now: Date = app.clock.now()): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, cancelled: 0, failed: 0, retrying: 0 };
  const stamp = now.toISOString();
  const leaseUntil = new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
  for (;;) {
    const claimed = await claimDueReminders(app.db, app.database.dialect, stamp, leaseUntil, BATCH);
    if (claimed.length === 0) break;
    const rows = new Map(
      (
        await read(app.db,
          claimed.map((c) => c.id_cita),
        )
      ).map((r) => [r.id_cita, r]),
    );
    for (const reminder of claimed) {
      const row = rows.get(reminder.id_cita);
      if (!row || row.estado === 'Cancelada') {
        await settleReminder(app.db, reminder.id_recordatorio, { estado: 'cancelado', enviado_en: null });
        run.cancelled += 1;
        continue;
      }
      if (instantOf(row.fecha, row.hora, app.config.timeZone).getTime() <= now.getTime()) {
        // The server was down past the visit: a reminder now would only confuse.
        await settleReminder(app.db, reminder.id_recordatorio, { estado: 'fallido', enviado_en: null });
        run.failed += 1;
        continue;
      }
      try {
        const links = await linkMakers.get(app.mailer)?.(row.id_cita);
        await app.mailer.send(reminderMail(row, await mailContext(app, now), links));
        await settleReminder(app.db, reminder.id_recordatorio, { estado: 'enviado', enviado_en: stamp });
        run.sent += 1;
      } catch (error) {
        app.log.warn(
          { id_recordatorio: reminder.id_recordatorio, intento: reminder.intentos, code: errorCode(error) },
          'reminder not sent',
        );
        if (reminder.intentos >= MAX_ATTEMPTS) {
          await settleReminder(app.db, reminder.id_recordatorio, { estado: 'fallido', enviado_en: null });
          run.failed += 1;
        } else {
          const retryAt = new Date(now.getTime() + reminder.intentos * CLAIM_MINUTES * 60_000).toISOString();
          await settleReminder(app.db, reminder.id_recordatorio, { retryAt });
          run.retrying += 1;
        }
      }
    }
    if (claimed.length < BATCH) break;
  }
  return run;
}

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
  app.mailer.runLater(
    () => sendRequestNotices(app, read, app.clock.now(), id_doctor),
    (error) => app.log.warn({ id_doctor, code: errorCode(error) }, 'request notice not sent'),
  );
}

/** Tells the doctor that a patient moved a visit to another time (after the commit). */
export async function notifyDoctorOfMove(
  app: FastifyInstance,
  read: AppointmentMailRows,
  id_cita: number,
  before: { fecha: string; hora: string },
): Promise<void> {
  const [row] = await read(app.db, [id_cita]);
  if (!row) return;
  app.mailer.sendLater(movedNoticeMail(row, await mailContext(app, app.clock.now()), before), (error) =>
    app.log.warn({ id_cita, code: errorCode(error) }, 'move notice not sent'),
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

/**
 * Tells the patient that the doctor rejected their request (`wasRequest`) or cancelled their visit,
 * with the reason if any (after the commit; the doctor does not wait for the mail).
 */
export async function notifyPatientOfDoctorCancellation(
  app: FastifyInstance,
  read: AppointmentMailRows,
  id_cita: number,
  wasRequest: boolean,
  cause?: 'ausencia',
): Promise<void> {
  const [row] = await read(app.db, [id_cita]);
  if (!row) return;
  app.mailer.sendLater(doctorCancellationMail(row, await mailContext(app, app.clock.now()), wasRequest, cause), (error) =>
    app.log.warn({ id_cita, code: errorCode(error) }, 'doctor cancellation notice not sent'),
  );
}

/** The calendar context of the e-mails, for other modules that build an appointment's .ics. */
export const calendarContext = (app: FastifyInstance): Promise<MailContext> => mailContext(app, app.clock.now());

/** Sends one e-mail per appointment after the commit; nobody waits for the mail. */
async function mailEach(
  app: FastifyInstance,
  read: AppointmentMailRows,
  ids: number[],
  mail: typeof cancellationMail,
  what: string,
): Promise<void> {
  const now = app.clock.now();
  for (const row of await read(app.db, ids)) {
    app.mailer.sendLater(mail(row, await mailContext(app, now)), (error) =>
      app.log.warn({ id_cita: row.id_cita, code: errorCode(error) }, `${what} not sent`),
    );
  }
}

/** Tells each patient that their appointment was cancelled because the doctor left the clinic. */
export async function notifyPatientsOfCancellation(app: FastifyInstance, read: AppointmentMailRows, ids: number[]): Promise<void> {
  await mailEach(app, read, ids, cancellationMail, 'cancellation notice');
}

/** Tells each doctor that a visit was cancelled because the patient left the clinic. */
export async function notifyDoctorsOfPatientLeaving(app: FastifyInstance, read: AppointmentMailRows, ids: number[]): Promise<void> {
  await mailEach(app, read, ids, patientLeftMail, 'patient leaving notice');
}

/**
 * Runs runDueReminders and sendRequestNotices every REMINDER_POLL_SECONDS (0: never) until stop(), which waits for a run
 * in progress. The reminders live in the database, so a restart loses none.
 */
export function startReminderWorker(app: FastifyInstance, read: AppointmentMailRows): PeriodicWorker {
  return startPeriodicWorker(() => runDueReminders(app, read).then(() => sendRequestNotices(app, read)), {
    seconds: app.config.reminderPollSeconds,
    onError: (error) => app.log.error({ code: errorCode(error) }, 'reminder worker round failed'),
  });
}
