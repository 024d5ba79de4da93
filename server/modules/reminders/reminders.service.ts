import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { currentClinic } from '../clinic/clinic.service.ts';
import { bookingNoticeMail, cancellationMail, doctorCancellationMail, patientLeftMail, reminderMail, type MailContext } from './reminders.mail.ts';
import {
  claimDueReminders,
  findAppointmentMailRows,
  insertReminder,
  settleReminder,
} from './reminders.repository.ts';

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
export async function runDueReminders(app: FastifyInstance, now: Date = app.clock.now()): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, cancelled: 0, failed: 0, retrying: 0 };
  const stamp = now.toISOString();
  const leaseUntil = new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
  for (;;) {
    const claimed = await claimDueReminders(app.db, app.database.dialect, stamp, leaseUntil, BATCH);
    if (claimed.length === 0) break;
    const rows = new Map((await findAppointmentMailRows(app.db, claimed.map((c) => c.id_cita))).map((r) => [r.id_cita, r]));
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
        await app.mailer.send(reminderMail(row, await mailContext(app, now)));
        await settleReminder(app.db, reminder.id_recordatorio, { estado: 'enviado', enviado_en: stamp });
        run.sent += 1;
      } catch (error) {
        app.log.warn({ id_recordatorio: reminder.id_recordatorio, intento: reminder.intentos, code: errorCode(error) }, 'reminder not sent');
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

/** Tells the doctor about a new request (after the booking is committed; the patient does not wait). */
export async function notifyDoctorOfBooking(app: FastifyInstance, id_cita: number): Promise<void> {
  const [row] = await findAppointmentMailRows(app.db, [id_cita]);
  if (!row) return;
  app.mailer.sendLater(bookingNoticeMail(row, await mailContext(app, app.clock.now())), (error) =>
    app.log.warn({ id_cita, code: errorCode(error) }, 'booking notice not sent'),
  );
}

/**
 * Tells the patient that the doctor rejected their request (`wasRequest`) or cancelled their visit,
 * with the reason if any (after the commit; the doctor does not wait for the mail).
 */
export async function notifyPatientOfDoctorCancellation(app: FastifyInstance, id_cita: number, wasRequest: boolean): Promise<void> {
  const [row] = await findAppointmentMailRows(app.db, [id_cita]);
  if (!row) return;
  app.mailer.sendLater(doctorCancellationMail(row, await mailContext(app, app.clock.now()), wasRequest), (error) =>
    app.log.warn({ id_cita, code: errorCode(error) }, 'doctor cancellation notice not sent'),
  );
}

/** The calendar context of the e-mails, for other modules that build an appointment's .ics. */
export const calendarContext = (app: FastifyInstance): Promise<MailContext> => mailContext(app, app.clock.now());

/** Sends one e-mail per appointment after the commit; nobody waits for the mail. */
async function mailEach(app: FastifyInstance, ids: number[], mail: typeof cancellationMail, what: string): Promise<void> {
  const context = await mailContext(app, app.clock.now());
  for (const row of await findAppointmentMailRows(app.db, ids)) {
    app.mailer.sendLater(mail(row, context), (error) =>
      app.log.warn({ id_cita: row.id_cita, code: errorCode(error) }, `${what} not sent`),
    );
  }
}

/** Tells each patient that their appointment was cancelled because the doctor left the clinic. */
export async function notifyPatientsOfCancellation(app: FastifyInstance, ids: number[]): Promise<void> {
  await mailEach(app, ids, cancellationMail, 'cancellation notice');
}

/** Tells each doctor that a visit was cancelled because the patient left the clinic. */
export async function notifyDoctorsOfPatientLeaving(app: FastifyInstance, ids: number[]): Promise<void> {
  await mailEach(app, ids, patientLeftMail, 'patient leaving notice');
}

/**
 * Runs runDueReminders every REMINDER_POLL_SECONDS (0: never) until stop(), which waits for a run
 * in progress. The reminders live in the database, so a restart loses none.
 */
export function startReminderWorker(app: FastifyInstance): { stop(): Promise<void> } {
  const seconds = app.config.reminderPollSeconds;
  if (seconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runDueReminders(app)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ code: errorCode(error) }, 'reminder worker round failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
