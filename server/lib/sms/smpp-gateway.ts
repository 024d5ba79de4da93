import * as smpp from 'smpp';
import type { Pdu, Session } from 'smpp';

/** Where the SMS gateway is and who we are to it: SMPP_URL = smpp://system_id:password@host:port. */
export interface SmppSettings {
  url: string;
  /** The sender shown on the phone: up to 11 letters and digits, or a number. */
  sender: string;
  /** How long a request waits for the gateway's answer. */
  timeoutMs?: number;
}

/** A delivery receipt from the gateway: what became of a message it accepted. */
export interface SmsReceipt {
  messageId: string;
  state: 'delivered' | 'failed' | 'expired' | 'rejected' | 'unknown';
}

/** A text a phone sent back to the sender ("BAJA", "OK"...). */
export interface SmsReply {
  /** E.164, as numbers are stored. */
  from: string;
  text: string;
}

export class SmsGatewayError extends Error {
  /** The gateway refused this message for good (a bad number); retrying will not help. */
  readonly permanent: boolean;

  constructor(message: string, permanent = false) {
    super(message);
    this.name = 'SmsGatewayError';
    this.permanent = permanent;
  }
}

// SMPP 3.4, 5.2.12 and 5.2.28: the receipt flag in esm_class, and message_state values.
const DELIVERY_RECEIPT = 0x04;
const MESSAGE_STATES: Record<number, SmsReceipt['state']> = { 2: 'delivered', 3: 'expired', 5: 'failed', 8: 'rejected' };
const RECEIPT_STATS: Record<string, SmsReceipt['state']> = {
  DELIVRD: 'delivered',
  EXPIRED: 'expired',
  UNDELIV: 'failed',
  DELETED: 'failed',
  REJECTD: 'rejected',
};
// Errors after which the same message may go through later (throttling, the gateway's own trouble).
const TRANSIENT_STATUSES = new Set([0x08, 0x14, 0x58, 0x64]);
const ENQUIRE_LINK_MS = 30_000;

/** The text of a receipt (SMPP 3.4 appendix B): 'id:ABC sub:001 dlvrd:001 ... stat:DELIVRD err:000'. */
export function parseReceiptText(text: string): { id?: string; stat?: string } {
  const id = /\bid:(\S+)/i.exec(text)?.[1];
  const stat = /\bstat:(\S+)/i.exec(text)?.[1]?.toUpperCase();
  return { ...(id ? { id } : {}), ...(stat ? { stat } : {}) };
}

function messageText(pdu: Pdu): string {
  const value = (pdu.message_payload ?? pdu.short_message) as { message?: unknown } | Buffer | string | undefined;
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  const message = value?.message;
  return typeof message === 'string' ? message : Buffer.isBuffer(message) ? message.toString('latin1') : '';
}

function receiptOf(pdu: Pdu): SmsReceipt | null {
  const text = parseReceiptText(messageText(pdu));
  const messageId = (typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : text.id) ?? '';
  if (!messageId) return null;
  const byTlv = typeof pdu.message_state === 'number' ? MESSAGE_STATES[pdu.message_state] : undefined;
  const state = byTlv ?? (text.stat ? RECEIPT_STATS[text.stat] : undefined) ?? 'unknown';
  return { messageId, state };
}

/**
 * One SMPP 3.4 transceiver session to the gateway, opened when the first message goes out and
 * again after the gateway drops it: submit_sm out, deliver_sm (receipts and replies) in, an
 * enquire_link every 30 s so idle firewalls keep the connection. A send that cannot reach the
 * gateway rejects, and the notice stays to be retried by its worker.
 */
export class SmppGateway {
  private session: Promise<Session> | null = null;
  private readonly receiptListeners = new Set<(receipt: SmsReceipt) => void>();
  private readonly replyListeners = new Set<(reply: SmsReply) => void>();
  private readonly credentials: { system_id: string; password: string };
  private closed = false;
  private readonly settings: SmppSettings;

  constructor(settings: SmppSettings) {
    this.settings = settings;
    const url = new URL(settings.url);
    this.credentials = { system_id: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  }

  onReceipt(listener: (receipt: SmsReceipt) => void): void {
    this.receiptListeners.add(listener);
  }

  onReply(listener: (reply: SmsReply) => void): void {
    this.replyListeners.add(listener);
  }

  /** Hands one message to the gateway; resolves with the gateway's id for it. */
  async submit(toE164: string, text: string, parts: number): Promise<string> {
    const session = await this.open();
    const body = parts > 1 ? { message_payload: text } : { short_message: text };
    const response = await this.request(session, (done) =>
      session.submit_sm(
        {
          source_addr: this.settings.sender,
          // An alphanumeric sender (5/0) or an international number (1/1).
          source_addr_ton: /^\+?\d+$/.test(this.settings.sender) ? 1 : 5,
          source_addr_npi: /^\+?\d+$/.test(this.settings.sender) ? 1 : 0,
          destination_addr: toE164.replace(/^\+/, ''),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          registered_delivery: 1,
          ...body,
        },
        done,
      ),
    );
    if (response.command_status !== 0) {
      const status = response.command_status;
      throw new SmsGatewayError(`the SMS gateway refused the message (status 0x${status.toString(16)})`, !TRANSIENT_STATUSES.has(status));
    }
    return typeof response.message_id === 'string' ? response.message_id : '';
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.session;
    this.session = null;
    if (!pending) return;
    const session = await pending.catch(() => null);
    if (!session) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => session.destroy(() => resolve()), 2_000);
      session.unbind({}, () => {
        clearTimeout(timer);
        session.close(() => resolve());
      });
    });
  }

  private open(): Promise<Session> {
    if (this.closed) return Promise.reject(new SmsGatewayError('the SMS gateway is closed'));
    this.session ??= this.connect().catch((error: unknown) => {
      this.session = null;
      throw error;
    });
    return this.session;
  }

  private connect(): Promise<Session> {
    return new Promise((resolve, reject) => {
      const session = smpp.connect({ url: this.settings.url, auto_enquire_link_period: ENQUIRE_LINK_MS });
      // Each submission in flight listens for the session's close: a worker sends dozens side by side.
      session.setMaxListeners(256);
      let bound = false;
      const fail = (error: Error) => {
        if (this.session && bound) this.session = null;
        if (!bound) reject(new SmsGatewayError(`the SMS gateway could not be reached: ${error.message}`));
      };
      session.on('error', fail);
      session.on('close', () => {
        fail(new Error('connection closed'));
        if (bound) this.session = null;
      });
      session.on('deliver_sm', (pdu: Pdu) => {
        session.send(pdu.response());
        this.delivered(pdu);
      });
      session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
      session.on('unbind', (pdu: Pdu) => {
        session.send(pdu.response());
        session.close();
      });
      session.on('connect', () => {
        this.request(session, (done) => session.bind_transceiver(this.credentials, done))
          .then((response) => {
            if (response.command_status !== 0) {
              session.destroy();
              reject(new SmsGatewayError(`the SMS gateway refused our log-in (status 0x${response.command_status.toString(16)})`));
              return;
            }
            bound = true;
            resolve(session);
          })
          .catch((error: unknown) => {
            session.destroy();
            reject(error instanceof Error ? error : new Error(String(error)));
          });
      });
    });
  }

  private delivered(pdu: Pdu): void {
    const esmClass = typeof pdu.esm_class === 'number' ? pdu.esm_class : 0;
    if (esmClass & DELIVERY_RECEIPT) {
      const receipt = receiptOf(pdu);
      if (receipt) for (const listener of this.receiptListeners) listener(receipt);
      return;
    }
    const from = typeof pdu.source_addr === 'string' ? pdu.source_addr : '';
    const reply = { from: from.startsWith('+') ? from : `+${from}`, text: messageText(pdu).trim() };
    for (const listener of this.replyListeners) listener(reply);
  }

  /** Sends a request PDU and waits for its answer, or for the timeout, or for the line to drop. */
  private request(session: Session, send: (done: (pdu: Pdu) => void) => boolean): Promise<Pdu> {
    return new Promise((resolve, reject) => {
      const gone = () => finish(new SmsGatewayError('the SMS gateway closed the connection before answering'));
      const timer = setTimeout(() => finish(new SmsGatewayError('the SMS gateway did not answer in time')), this.settings.timeoutMs ?? 10_000);
      const finish = (error: Error | null, pdu?: Pdu) => {
        clearTimeout(timer);
        session.off('close', gone);
        if (error) reject(error);
        else resolve(pdu!);
      };
      session.once('close', gone);
      if (!send((pdu) => finish(null, pdu))) finish(new SmsGatewayError('the connection to the SMS gateway is not open'));
    });
  }
}
