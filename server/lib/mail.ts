import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { ensurePrivateDirAsync, PRIVATE_FILE_MODE } from './private-files.ts';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** '<id@host>': a message's own id, so that a receiving server can tell a repeat of it. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file the message was written to, when there is no SMTP server. */
  file?: string;
}

/** Sends e-mail: through SMTP when configured, otherwise into the data folder's outbox. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  /** Sends without making the caller wait (a notice after a request); failures go to onError. */
  sendLater(message: MailMessage, onError: (error: unknown) => void): void;
  /** Runs mail work (a claim, a send, its bookkeeping) without making the caller wait; failures go to onError. */
  runLater(task: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /**
   * Like runLater, for a sweep of whatever is due (the notices): while a sweep of the same `key`
   * runs, asking again runs it once more after it rather than beside it. A burst of bookings then
   * makes one sweep at a time, not one each racing the others for the same rows, and what the last
   * of them left is still swept.
   */
  sweepLater(key: string, sweep: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves when every sendLater message and runLater task has finished (or failed). */
  settled(): Promise<void>;
  /** Waits for pending sendLater messages, then releases the transport. */
  close(): Promise<void>;
}

interface Transport {
  transport: Mailer['transport'];
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where messages are written without SMTP (DATA_DIR/outbox). */
  outboxDir: string;
}

// Short enough that a stuck server cannot outlive the reminder worker's claim on a message.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * The domain of the placeholder address a patient registered at the front desk without an e-mail
 * gets (the account needs one): `.invalid` can never be delivered (RFC 2606), and nothing is sent.
 */
export const NO_MAILBOX_DOMAIN = 'sin-correo.invalid';

/** Whether an address is a real mailbox rather than the placeholder of a patient without e-mail. */
export const hasMailbox = (address: string) => !address.toLowerCase().endsWith(`@${NO_MAILBOX_DOMAIN}`);

export function createMailer(options: MailerOptions): Mailer {
  const base = createTransport(options);
  const pending = new Set<Promise<unknown>>();
  const settled = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  const reportTo = (onError: (error: unknown) => void) => (error: unknown) => {
    try {
      onError(error);
    } catch {
      // a failing error handler must not become an unhandled rejection
    }
  };
  const runLater: Mailer['runLater'] = (task, onError) => {
    const job = task().catch(reportTo(onError));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  const sweeps = new Map<string, { again: boolean }>();
  const sweepLater: Mailer['sweepLater'] = (key, sweep, onError) => {
    const running = sweeps.get(key);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    sweeps.set(key, state);
    runLater(async () => {
      try {
        while (state.again) {
          state.again = false;
          await sweep().catch(reportTo(onError));
        }
      } finally {
        sweeps.delete(key);
      }
    }, onError);
  };
  // A message only to placeholders goes nowhere: reminders and notices of a patient without e-mail.
  const send = async (message: MailMessage): Promise<SentMail> =>
    !hasMailbox(message.to) ? { messageId: 'sin-buzon' } : base.send(message);
  return {
    transport: base.transport,
    send,
    sendLater: (message, onError) => runLater(() => send(message), onError),
    runLater,
    sweepLater,
    settled,
    async close() {
      await settled();
      base.close();
    },
  };
}

function createTransport(options: MailerOptions): Transport {
  const defaults = { from: options.from };
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }, defaults);
    return {
      transport: 'smtp',
      async send(message) {
        const info = await transporter.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  // nodemailer builds the complete raw message (RFC 5322, CRLF) without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, defaults);
  return {
    transport: 'outbox',
    async send(message) {
      const info = await builder.sendMail(message);
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('the outbox transport did not build the message');
      await ensurePrivateDirAsync(options.outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, raw, { mode: PRIVATE_FILE_MODE });
      await fs.rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close: () => builder.close(),
  };
}
