import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { instantOf } from '../../lib/clock.ts';
import { hasMailbox, type MailMessage } from '../../lib/mail.ts';
import { startPeriodicWorker, type PeriodicWorker } from '../../lib/periodic-worker.ts';
import { currentClinic } from '../clinic/index.ts';
import type { NoticeData, NoticeKind, VisitChange } from './notice-data.ts';
import { doctorNoticeMail, patientNoticeMail, type NoticeContext, type OneTapLinks } from './notices.mail.ts';
import { canTakeSms, toE164 } from '../../lib/sms/phone-numbers.ts';
import {
  cancelPendingNotices,
  claimDueNotices,
  insertNotices,
  optedOut,
  settleNotice,
  type NewNotice,
  type NoticeOutcome,
  type NoticeRow,
} from './notices.repository.ts';
import { noticeSms, quietUntil, SMS_KINDS, smsSenderOf } from './notices.sms.ts';
import { readPlan, readSwitches, type PatientSwitches } from './reminder-plan.repository.ts';
import { forgetPatientInNotice } from './forget.repository.ts';
import type { AppointmentMailRow, AppointmentMailRows } from '../reminders/index.ts';

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
  const switches = await readSwitches(trx, visit.id_paciente);
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
  // A patient leaving the clinic is not written to about the visits their leaving cancels; their doctor is.
  const leaving = change.tipo === 'cancelada' && change.baja === true;
  if (leaving) notices.push(notice('doctor', 'doctor_baja_paciente'));
  // A patient registered at the desk without an e-mail has no mailbox to write to.
  if (hasMailbox(visit.paciente_correo) && !leaving) notices.push(notice('paciente', change.tipo));
  // And by SMS, to a mobile that did not answer BAJA and whose patient did not turn SMS off; at
  // night it waits for the morning.
  const telefono = await smsNumberOf(trx, visit, switches);
  if (SMS_KINDS.has(change.tipo) && telefono && !leaving) {
    notices.push({
      ...notice('paciente', change.tipo),
      canal: 'sms',
      datos: JSON.stringify({ ...data, telefono } satisfies NoticeData),
      enviar_en: quietUntil(now, app.config.timeZone) ?? stamp,
    });
  }
  if ((change.tipo === 'cancelada' || change.tipo === 'cambiada') && change.por === 'paciente' && !leaving) {
    // A moved visit waits for the doctor's answer again: the doctor is always told. A cancelled one
    // is worth an e-mail only when it frees a time of the next 48 hours.
    const limit = now.getTime() + DOCTOR_NOTICE_HOURS * 3_600_000;
    const when = instantOf(visit.fecha, visit.hora.slice(0, 5), app.config.timeZone).getTime();
    const soon = change.tipo === 'cambiada' || (when >= now.getTime() && when <= limit);
    if (soon) notices.push(notice('doctor', change.tipo === 'cancelada' ? 'doctor_cancelada' : 'doctor_cambiada'));
  }
  await insertNotices(trx, notices);
  await planReminders(app, trx, { visit, change }, switches, telefono);
}

/** The number a visit's patient takes SMS at: a mobile, not opted out by BAJA nor by their switch. */
async function smsNumberOf(db: Db, visit: AppointmentMailRow, switches: PatientSwitches): Promise<string | null> {
  if (!switches.sms || !visit.paciente_telefono) return null;
  const telefono = toE164(visit.paciente_telefono);
  return telefono && canTakeSms(telefono) && !(await optedOut(db, telefono)) ? telefono : null;
}

/** The changes after which the visit will happen: its reminders are (re)planned from its new time. */
const GOING_AHEAD: ReadonlySet<NoticeKind> = new Set(['solicitada', 'confirmada', 'reservada_recepcion', 'reservada_doctor', 'cambiada']);

/**
 * The visit's reminders, after a change: the ones still waiting are dropped (a cancelled visit gets
 * none; a moved one gets them at its new time) and the clinic's plan is applied again to a visit
 * that will happen. A reminder whose time has passed is not sent late; an SMS due at night waits
 * for the morning; a channel the patient turned off, or cannot receive, is left out. Each reminder
 * is a notice like any other: sent once by the worker, whatever the number of instances.
 */
async function planReminders(app: FastifyInstance, trx: Db, data: NoticeData, switches: PatientSwitches, telefono: string | null): Promise<void> {
  const { visit, change } = data;
  const now = app.clock.now();
  const stamp = now.toISOString();
  await cancelPendingNotices(trx, visit.id_cita, ['recordatorio'], stamp);
  if (!GOING_AHEAD.has(change.tipo)) return;
  const start = instantOf(visit.fecha, visit.hora.slice(0, 5), app.config.timeZone).getTime();
  const reminderData: NoticeData = { visit, change: { tipo: 'recordatorio' } };
  const reminders: NewNotice[] = [];
  for (const paso of await readPlan(trx)) {
    const at = new Date(start - paso.horas_antes * 3_600_000);
    if (at.getTime() <= now.getTime()) continue;
    const base = { id_cita: visit.id_cita, destinatario: 'paciente' as const, tipo: 'recordatorio', creado_en: stamp, actualizado_en: stamp };
    if (paso.canal === 'email') {
      if (!switches.recordatorio_correo || !hasMailbox(visit.paciente_correo)) continue;
      reminders.push({ ...base, canal: 'email', datos: JSON.stringify(reminderData), enviar_en: at.toISOString() });
    } else {
      if (!telefono) continue;
      reminders.push({ ...base, canal: 'sms', datos: JSON.stringify({ ...reminderData, telefono }), enviar_en: quietUntil(at, app.config.timeZone) ?? at.toISOString() });
    }
  }
  await insertNotices(trx, reminders);
}

/** Drops a visit's reminders still waiting (a visit given up without a change notice). */
export async function dropVisitReminders(app: Pick<FastifyInstance, 'clock'>, db: Db, id_cita: number): Promise<void> {
  await cancelPendingNotices(db, id_cita, ['recordatorio'], app.clock.now().toISOString());
}

/**
 * After the commit of a change: sends what is due now without making the caller wait, so a
 * patient hears of it at once rather than at the worker's next round.
 */
export function sendNoticesSoon(app: FastifyInstance): void {
  app.mailer.sweepLater(
    'notices',
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

/** The visits' reader (the appointments module's), for reminders, which say what the visit is when they go. */
const visitReaders = new WeakMap<object, AppointmentMailRows>();

/** The reminders of `app` read their visits with `read`. */
export function useVisitReader(app: FastifyInstance, read: AppointmentMailRows): void {
  visitReaders.set(app.mailer, read);
}

/**
 * What a claimed notice says. A reminder is read again when it goes (the visit may have been
 * confirmed since; reminders carried over from the old table kept nothing): it is dropped, with
 * why, when its visit will not happen, has passed, or its patient turned the channel off.
 */
async function dataOf(app: FastifyInstance, notice: NoticeRow, now: Date): Promise<NoticeData | { drop: string }> {
  const kept = JSON.parse(notice.datos) as Partial<NoticeData>;
  if (notice.tipo !== 'recordatorio') return kept as NoticeData;
  const read = visitReaders.get(app.mailer);
  const [visit] = read ? await read(app.db, [notice.id_cita]) : kept.visit ? [kept.visit] : [];
  if (!visit || (visit.estado !== 'pendiente' && visit.estado !== 'Confirmada')) return { drop: 'visita_cancelada' };
  if (instantOf(visit.fecha, visit.hora.slice(0, 5), app.config.timeZone).getTime() <= now.getTime()) return { drop: 'visita_pasada' };
  const switches = await readSwitches(app.db, visit.id_paciente);
  if (notice.canal === 'email') return switches.recordatorio_correo ? { visit, change: { tipo: 'recordatorio' } } : { drop: 'desactivado' };
  const telefono = kept.telefono ?? (switches.sms && visit.paciente_telefono ? toE164(visit.paciente_telefono) : null);
  return switches.sms && telefono ? { visit, change: { tipo: 'recordatorio' }, telefono } : { drop: 'desactivado' };
}

/** The message of a notice, with a Message-ID of its own: a receiving server can tell a repeat. */
async function messageOf(app: FastifyInstance, notice: NoticeRow, data: NoticeData, context: NoticeContext, host: string): Promise<MailMessage> {
  const message =
    notice.tipo === 'doctor_cancelada' || notice.tipo === 'doctor_cambiada' || notice.tipo === 'doctor_baja_paciente'
      ? doctorNoticeMail(data, notice.tipo, context)
      : patientNoticeMail(data, context, await linkMakers.get(app.mailer)?.(notice.id_cita));
  return { ...message, messageId: `<notificacion-${notice.id_notificacion}@${host}>` };
}

async function sendMail(app: FastifyInstance, notice: NoticeRow, data: NoticeData, context: NoticeContext, host: string, stamp: string): Promise<NoticeOutcome> {
  const sent = await app.mailer.send(await messageOf(app, notice, data, context, host));
  return { estado: 'enviado', enviado_en: stamp, id_pasarela: sent.messageId };
}

/**
 * An SMS goes unless its number said BAJA or its patient turned SMS off meanwhile; one due at night
 * (a retry) waits for the morning.
 */
async function sendSms(app: FastifyInstance, notice: NoticeRow, data: NoticeData, context: NoticeContext, now: Date): Promise<NoticeOutcome> {
  if (!data.telefono || (await optedOut(app.db, data.telefono))) return { estado: 'cancelado', error: 'baja' };
  if (!(await readSwitches(app.db, data.visit.id_paciente)).sms) return { estado: 'cancelado', error: 'desactivado' };
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
          const data = await dataOf(app, notice, now);
          const outcome: NoticeOutcome =
            'drop' in data
              ? { estado: 'cancelado', error: data.drop }
              : notice.canal === 'sms'
                ? await sendSms(app, notice, data, context, now)
                : await sendMail(app, notice, data, context, host, stamp);
          settled = await settle(outcome);
          if (settled && 'estado' in outcome && outcome.estado === 'enviado') {
            run.sent += 1;
            // The doctor has been told that the patient left: the patient's name is not kept.
            if (notice.tipo === 'doctor_baja_paciente') await forgetPatientInNotice(app.db, notice.id_notificacion, notice.datos);
          }
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
