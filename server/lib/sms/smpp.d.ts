// The parts of the `smpp` package (SMPP 3.4 client and server) Galeno uses; it ships no types.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  type Respond = (pdu: Pdu) => void;

  export interface Session extends EventEmitter {
    send(pdu: Pdu, onResponse?: Respond, onSent?: Respond): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, onResponse?: Respond): boolean;
    submit_sm(options: Record<string, unknown>, onResponse?: Respond): boolean;
    deliver_sm(options: Record<string, unknown>, onResponse?: Respond): boolean;
    enquire_link(options?: Record<string, unknown>, onResponse?: Respond): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: Respond): boolean;
  }

  export interface Server extends EventEmitter {
    listen(port: number, host: string, callback?: () => void): void;
    address(): { port: number } | string | null;
    close(callback?: () => void): void;
  }

  export function connect(options: { url: string; auto_enquire_link_period?: number }, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
}
