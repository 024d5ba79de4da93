import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While true, the server refuses every message (550), as a broken relay would. */
  refuse: boolean;
  /** How long the server takes to accept each message (a slow relay). */
  delayMs: number;
  /** Resolves when `count` messages have arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (no TLS, no authentication). */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    messages: [],
    refuse: false,
    delayMs: 0,
    // Generous: on a loaded 2-core machine a mail can take seconds; a passing wait returns at once.
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (state.messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, received ${state.messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return state.messages;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finish = () => {
        if (state.refuse) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        state.messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      };
      stream.on('end', () => setTimeout(finish, state.delayMs));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

export interface MailPart {
  headers: Map<string, string>;
  contentType: string;
  filename: string | undefined;
  /** The decoded body as text. */
  body: string;
  /** The body exactly as transferred (before base64 / quoted-printable decoding). */
  encodedBody: string;
  parts: MailPart[];
}

export interface ParsedMail extends MailPart {
  subject: string;
  /** The first text/plain part. */
  text: string;
  /** Every part with a file name. */
  attachments: MailPart[];
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\*?=("([^"]*)"|[^;\\s]+)`, 'i').exec(header);
  return match ? decodeHeader(match[2] ?? match[1] ?? '') : undefined;
}

function parsePart(raw: string): MailPart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const encodedBody = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const typeHeader = headers.get('content-type') ?? 'text/plain';
  const contentType = (typeHeader.split(';')[0] ?? '').trim().toLowerCase();
  const filename = parameter(headers.get('content-disposition') ?? '', 'filename') ?? parameter(typeHeader, 'name');
  const boundary = parameter(typeHeader, 'boundary');
  let parts: MailPart[] = [];
  let body = encodedBody;
  if (contentType.startsWith('multipart/') && boundary) {
    const sections = encodedBody.split(`--${boundary}`);
    parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parsePart(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    body = '';
  } else {
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    if (encoding === 'base64') body = Buffer.from(encodedBody.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (encoding === 'quoted-printable') body = decodeQuotedPrintable(encodedBody);
  }
  return { headers, contentType, filename, body, encodedBody, parts };
}

/** Enough of MIME to read the e-mails Galeno sends: headers, nested parts, base64 and quoted-printable. */
export function parseMail(raw: string): ParsedMail {
  const root = parsePart(raw);
  const all: MailPart[] = [];
  const walk = (part: MailPart) => {
    all.push(part);
    part.parts.forEach(walk);
  };
  walk(root);
  const textPart = all.find((part) => part.contentType === 'text/plain' && !part.filename);
  return {
    ...root,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: textPart?.body ?? '',
    attachments: all.filter((part) => part.filename !== undefined),
  };
}

/** The e-mails the mailer wrote to the data folder's outbox (it does without SMTP), oldest first. */
export function outboxMails(server: { config: { dataDir: string } }): ParsedMail[] {
  const folder = path.join(server.config.dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(fs.readFileSync(path.join(folder, name), 'utf8')));
}

/** The outbox's e-mails to one address. */
export function outboxMailsTo(server: { config: { dataDir: string } }, address: string): ParsedMail[] {
  return outboxMails(server).filter((mail) => mail.headers.get('to')?.includes(address));
}
