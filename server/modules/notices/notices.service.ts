import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { hasMailbox, type MailMessage } from '../../lib/mail.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import { currentClinic } from '../clinic/index.ts';
import type { AppointmentMailRows } from '../reminders/index.ts';
import type { NoticeData, NoticeKind, VisitChange } from './notice-data.ts';
import { doctorNoticeMail, patientNoticeMail, type NoticeContext, type OneTapLinks } from './notices.mail.ts';
import { canTakeSms, toE164 } from '../../lib/sms/phone-numbers.ts';
import { claimDueNotices, insertNotices, optedOut, settleNotice, type NewNotice, type NoticeOutcome, type NoticeRow } from './notices.repository.ts';
import { noticeSms, quietUntil, SMS_KINDS, smsSenderOf } from './notices.sms.ts';

/** How long a worker owns a claimed notice: longer than the SMTP time-outs (server/lib/mail.ts). */
export const NOTICE_CLAIM_MINUTES = 5;
/** Tries before a notice is given up as 'fallido'; the wait between tries grows (5, 10, 15... minutes). */
export const NOTICE_MAX_ATTEMPTS = 5;
/** Notices claimed per round, sent side by side. */
const BATCH = 50;
/** A patient's cancelling or moving a visit this close is worth the doctor's attention. */
const DOCTOR_NOTICE_HOURS = 48;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Records, in the transaction of the change (`trx`), the messages that tell the visit's patient of
 * it (and its doctor, when the patient cancels or moves a visit of the next 48 hours). The worker
 * sends them after the commit; a change rolled back leaves no message. `read` is the appointments'
 * reader of what the messages show, read here in `trx` so the message says what was committed.
 */
export async function recordVisitChange(
  app: FastifyInstance,
  trx: Db,
  read: AppointmentMailRows,
  id_cita: number,
  change: VisitChange,
): Promise<void> {
  const [visit] = await read(trx, [id_cita]);
  if (!visit) return;
  const now = app.clock.now();
  const stamp = now.toISOString();
  const data: NoticeData = { visit, change };
  const notice = (destinatario: NewNotice['destinatario'], tipo: NoticeKind): NewNotice => ({
    id_cita,
    destinatario,
    canal: 'email',
    tipo,
    datos: JSON.stringify(data),
    enviar_en: stamp,
    creado_en: stamp,
    actualizado_en: stamp,
  });
  const notices: NewNotice[] = [];
  // A patient registered at the desk without an e-mail has no mailbox to write to.
  if (hasMailbox(visit.paciente_correo)) notices.push(notice('paciente', change.tipo));
  // And by SMS, to a mobile that did not answer BAJA; at night it waits for the morning.
  const telefono = visit.paciente_telefono ? toE164(visit.paciente_telefono) : null;
  if (SMS_KINDS.has(change.tipo) && telefono && canTakeSms(telefono) && !(await optedOut(trx, telefono))) {
    notices.push({
      ...notice('paciente', change.tipo),
      canal: 'sms',
      datos: JSON.stringify({ ...data, telefono } satisfies NoticeData),
      enviar_en: quietUntil(now, app.config.timeZone) ?? stamp,
    });
  }
  if ((change.tipo === 'cancelada' || change.tipo === 'cambiada') && change.por === 'paciente') {
    const soonest = change.tipo === 'cambiada' ? [change.antes, visit] : [visit];
    const limit = now.getTime() + DOCTOR_NOTICE_HOURS * 3_600_000;
    const soon = soonest.some((at) => {
      const when = instantOf(at.fecha, at.hora.slice(0, 5), app.config.timeZone).getTime();
      return when >= now.getTime() && when <= limit;
    });
    if (soon) notices.push(notice('doctor', change.tipo === 'cancelada' ? 'doctor_cancelada' : 'doctor_cambiada'));
  }
  await insertNotices(trx, notices);
}

/**
 * After the commit of a change: sends what is due now without making the caller wait, so a
 * patient hears of it at once rather than at the worker's next round.
 */
export function sendNoticesSoon(app: FastifyInstance): void {
  app.mailer.runLater(
    () => runDueNotices(app),
    (error) => app.log.warn({ code: errorCode(error) }, 'notices not sent'),
  );
}

export interface NoticeRun {
  sent: number;
  failed: number;
  retrying: number;
  /** Claims lost to another worker meanwhile (a lease that ran out): nothing recorded. */
  lost: number;
}

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : error instanceof Error ? error.message.slice(0, 200) : 'unknown';

/** Makes a visit's one-tap links (the appointments module's), for the patient's notices. */
export type OneTapLinksOf = (id_cita: number) => Promise<OneTapLinks | undefined>;
// Keyed by the app's mailer, which the root instance and its plugins (child instances) share.
const linkMakers = new WeakMap<object, OneTapLinksOf>();

/** The notices of `app` about a visit that will happen carry the links `links` makes. */
export function useNoticeLinks(app: FastifyInstance, links: OneTapLinksOf): void {
  linkMakers.set(app.mailer, links);
}

/** The message of a notice, with a Message-ID of its own: a receiving server can tell a repeat. */
async function messageOf(app: FastifyInstance, notice: NoticeRow, context: NoticeContext, host: string): Promise<MailMessage> {
  const data = JSON.parse(notice.datos) as NoticeData;
  const message =
    notice.tipo === 'doctor_cancelada' || notice.tipo === 'doctor_cambiada'
      ? doctorNoticeMail(data, notice.tipo, context)
      : patientNoticeMail(data, context, await linkMakers.get(app.mailer)?.(notice.id_cita));
  return { ...message, messageId: `<notificacion-${notice.id_notificacion}@${host}>` };
}

async function sendMail(app: FastifyInstance, notice: NoticeRow, context: NoticeContext, host: string, stamp: string): Promise<NoticeOutcome> {
  const sent = await app.mailer.send(await messageOf(app, notice, context, host));
  return { estado: 'enviado', enviado_en: stamp, id_pasarela: sent.messageId };
}

/** An SMS goes unless its number said BAJA meanwhile; one due at night (a retry) waits for the morning. */
async function sendSms(app: FastifyInstance, notice: NoticeRow, context: NoticeContext, now: Date): Promise<NoticeOutcome> {
  const data = JSON.parse(notice.datos) as NoticeData;
  if (!data.telefono || (await optedOut(app.db, data.telefono))) return { estado: 'cancelado', error: 'baja' };
  const morning = quietUntil(now, app.config.timeZone);
  if (morning) return { retryAt: morning, error: 'horas_de_silencio' };
  const sent = await smsSenderOf(app).send({ to: data.telefono, text: noticeSms(data, notice.tipo as NoticeKind, context.clinic) });
  return { estado: 'enviado', enviado_en: now.toISOString(), id_pasarela: sent.messageId };
}

/**
 * Sends the notices due at `now`, each once: claimed atomically (several workers, several server
 * instances, never hold the same one), sent side by side, each outcome recorded under the claim's
 * lease. A failed send is tried again later, with a growing wait; after NOTICE_MAX_ATTEMPTS it is
 * 'fallido'. A worker that dies holding notices loses them to the next worker when the lease ends.
 */
export async function runDueNotices(app: FastifyInstance, now: Date = app.clock.now()): Promise<NoticeRun> {
  const run: NoticeRun = { sent: 0, failed: 0, retrying: 0, lost: 0 };
  const stamp = now.toISOString();
  const leaseUntil = new Date(now.getTime() + NOTICE_CLAIM_MINUTES * 60_000).toISOString();
  const context: NoticeContext = { timeZone: app.config.timeZone, publicUrl: app.config.publicUrl, now, clinic: await currentClinic(app) };
  const host = app.config.publicUrl ? new URL(app.config.publicUrl).hostname : 'galeno.invalid';
  for (;;) {
    const claimed = await claimDueNotices(app.db, app.database.dialect, stamp, leaseUntil, BATCH);
    if (claimed.length === 0) break;
    await Promise.all(
      claimed.map(async (notice) => {
        const settle = (outcome: NoticeOutcome) => settleNotice(app.db, notice.id_notificacion, leaseUntil, stamp, outcome);
        let settled: boolean;
        try {
          const outcome = notice.canal === 'sms' ? await sendSms(app, notice, context, now) : await sendMail(app, notice, context, host, stamp);
          settled = await settle(outcome);
          if (settled && 'estado' in outcome && outcome.estado === 'enviado') run.sent += 1;
        } catch (error) {
          const code = errorCode(error);
          app.log.warn({ id_notificacion: notice.id_notificacion, intento: notice.intentos, code }, 'notice not sent');
          const giveUp = notice.intentos >= NOTICE_MAX_ATTEMPTS;
          settled = await settle(
            giveUp
              ? { estado: 'fallido', error: code }
              : { retryAt: new Date(now.getTime() + notice.intentos * NOTICE_CLAIM_MINUTES * 60_000).toISOString(), error: code },
          );
          if (settled) run[giveUp ? 'failed' : 'retrying'] += 1;
        }
        if (!settled) run.lost += 1;
      }),
    );
    if (claimed.length < BATCH) break;
  }
  return run;
}

/** Runs runDueNotices every REMINDER_POLL_SECONDS (0: never; tests drive it) until stop(). */
export function startNoticeWorker(app: FastifyInstance): PeriodicWorker {
  return startPeriodicWorker(() => runDueNotices(app), {
    seconds: app.config.reminderPollSeconds,
    firstAfterMs: 1000,
    onError: (error) => app.log.error({ code: errorCode(error) }, 'notice worker round failed'),
  });
}
