import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { Clinica } from '../../../contracts/clinic.ts';
import { fullName } from '../../../contracts/names.ts';
import { addDays, instantOf, localDate, localTime } from '../../lib/clock.ts';
import { inertLine } from '../../lib/mail-text.ts';
import { createSmsSender, type SmsSender } from '../../lib/sms/sms.ts';
import { textsFor } from '../../lib/texts.ts';
import type { NoticeData, NoticeKind } from './notice-data.ts';
import { visitInstructions, visitTypeName } from './notices.mail.ts';
import { smsParts } from '../../lib/sms/sms-parts.ts';
import { recordOptOut, recordReceipt } from './notices.repository.ts';

/** The changes a patient is also told of by SMS: the ones that change when, or whether, they come. */
export const SMS_KINDS: ReadonlySet<NoticeKind> = new Set(['confirmada', 'rechazada', 'cambiada', 'cancelada', 'reservada_recepcion', 'reservada_doctor', 'por_reubicar', 'recordatorio']);

/** No SMS from 21:00 to 09:00 clinic time: one due then waits for the morning. */
const QUIET_FROM = '21:00';
const QUIET_UNTIL = '09:00';

/** When an SMS may go at `now`: undefined at once, else the next 09:00 in the clinic's time zone. */
export function quietUntil(now: Date, timeZone: string): string | undefined {
  const time = localTime(now, timeZone).slice(0, 5);
  if (time >= QUIET_UNTIL && time < QUIET_FROM) return undefined;
  const today = localDate(now, timeZone);
  const day = time >= QUIET_FROM ? addDays(today, 1) : today;
  return instantOf(day, QUIET_UNTIL, timeZone).toISOString();
}

/** The SMS of a notice, in the patient's language: short, GSM-7 friendly, with the clinic's phone and how to stop them. */
export function noticeSms(data: NoticeData, kind: NoticeKind, clinic: Clinica): string {
  const row = data.visit;
  const t = textsFor('visit-notices', row.paciente_idioma);
  const [year, month, day] = row.fecha.split('-');
  const values = {
    clinic: inertLine(clinic.nombre, 40),
    date: `${day}/${month}/${year}`,
    time: row.hora.slice(0, 5),
    doctor: inertLine(fullName({ nombre: row.doctor_nombre, apellido1: row.doctor_apellido1, apellido2: null }), 40),
    phone: clinic.telefono,
  };
  const message = t(`sms_${kind}` as Parameters<typeof t>[0], values);
  const type = visitTypeName(row, row.paciente_idioma);
  const footer = t('sms_footer', values);
  // The visit's type always; its instructions when the message still fits in two parts.
  const withType = type ? `${message} ${t('sms_visit_type', { type: inertLine(type, 40) })}` : message;
  const instructions = kind === 'cancelada' || kind === 'rechazada' ? null : visitInstructions(row);
  const withInstructions = instructions ? `${withType} ${instructions}` : withType;
  return smsParts(`${withInstructions} ${footer}`).parts <= 2 ? `${withInstructions} ${footer}` : `${withType} ${footer}`;
}

// Keyed by the app's mailer, which the root instance and its plugins share (each plugin is a child instance).
const senders = new WeakMap<object, SmsSender>();

/**
 * The app's SMS sender, made on first use: SMPP when SMPP_URL is set, else DATA_DIR/outbox-sms.
 * Receipts settle the notice they name; a reply saying BAJA stops SMS to its number.
 */
export function smsSenderOf(app: FastifyInstance): SmsSender {
  const known = senders.get(app.mailer);
  if (known) return known;
  const sender = createSmsSender({ smppUrl: app.config.sms.smppUrl, sender: app.config.sms.sender, outboxDir: path.join(app.config.dataDir, 'outbox-sms') });
  sender.onReceipt((receipt) => {
    if (receipt.state === 'unknown') return;
    const estado = receipt.state === 'delivered' ? 'entregado' : 'fallido';
    recordReceipt(app.db, receipt.messageId, estado, app.clock.now().toISOString()).catch((error: unknown) =>
      app.log.warn({ code: String(error) }, 'SMS receipt not recorded'),
    );
  });
  sender.onReply((reply) => {
    if (!/\bBAJA\b/i.test(reply.text)) return;
    recordOptOut(app.db, reply.from, app.clock.now().toISOString()).catch((error: unknown) =>
      app.log.warn({ code: String(error) }, 'SMS opt-out not recorded'),
    );
  });
  senders.set(app.mailer, sender);
  return sender;
}

/** Closes the app's SMS sender, if it made one. */
export async function closeSmsSender(app: FastifyInstance): Promise<void> {
  const sender = senders.get(app.mailer);
  senders.delete(app.mailer);
  await sender?.close();
}
