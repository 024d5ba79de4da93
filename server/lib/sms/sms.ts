import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDirAsync, PRIVATE_FILE_MODE } from '../private-files.ts';
import { SmppGateway, type SmsReceipt, type SmsReply } from './smpp-gateway.ts';
import { preferGsm7, smsParts, type SmsParts } from './sms-parts.ts';

export { SmsGatewayError, type SmsReceipt, type SmsReply } from './smpp-gateway.ts';

export interface SmsMessage {
  /** E.164 (phone-numbers.ts). */
  to: string;
  text: string;
}

export interface SentSms extends SmsParts {
  /** The gateway's id for it (receipts name it), or the outbox file's. */
  messageId: string;
  /** The text as it went, after the GSM-7 look-alikes. */
  text: string;
  /** The outbox file, when there is no gateway. */
  file?: string;
}

/** Sends SMS: over SMPP 3.4 when SMPP_URL is set, otherwise into DATA_DIR/outbox-sms. */
export interface SmsSender {
  readonly transport: 'smpp' | 'outbox';
  send(message: SmsMessage): Promise<SentSms>;
  /** What the gateway says became of a message (delivered, failed...). Never called by the outbox. */
  onReceipt(listener: (receipt: SmsReceipt) => void): void;
  /** A text sent back by a phone ("BAJA"). Never called by the outbox. */
  onReply(listener: (reply: SmsReply) => void): void;
  close(): Promise<void>;
}

export interface SmsSenderOptions {
  smppUrl: string | undefined;
  sender: string;
  outboxDir: string;
  timeoutMs?: number;
}

export function createSmsSender(options: SmsSenderOptions): SmsSender {
  if (options.smppUrl) {
    const gateway = new SmppGateway({ url: options.smppUrl, sender: options.sender, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
    return {
      transport: 'smpp',
      async send(message) {
        const text = preferGsm7(message.text);
        const parts = smsParts(text);
        const messageId = await gateway.submit(message.to, text, parts.parts);
        return { ...parts, text, messageId };
      },
      onReceipt: (listener) => gateway.onReceipt(listener),
      onReply: (listener) => gateway.onReply(listener),
      close: () => gateway.close(),
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      const text = preferGsm7(message.text);
      const parts = smsParts(text);
      const messageId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      await ensurePrivateDirAsync(options.outboxDir);
      const file = path.join(options.outboxDir, `${messageId}.json`);
      const body = JSON.stringify({ from: options.sender, to: message.to, text, ...parts }, null, 2);
      // Written under a temporary name and renamed, so a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, body, { mode: PRIVATE_FILE_MODE });
      await fs.rename(`${file}.tmp`, file);
      return { ...parts, text, messageId, file };
    },
    onReceipt: () => {},
    onReply: () => {},
    close: async () => {},
  };
}
