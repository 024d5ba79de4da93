import * as smpp from 'smpp';
import type { Pdu, Server, Session } from 'smpp';

export interface TestSmppGateway {
  /** smpp://galeno:s3cret@127.0.0.1:<port>, for SMPP_URL. */
  url: string;
  binds: Pdu[];
  submits: Pdu[];
  /** Sends a deliver_sm (a receipt or a reply) on the last session. */
  deliver: (options: Record<string, unknown>) => Promise<Pdu>;
  close: () => Promise<void>;
}

/** How the gateway answers; by default it accepts every bind and every message. */
export interface GatewayBehaviour {
  bindStatus?: number;
  submitStatus?: (pdu: Pdu) => number;
  /** Drops the connection instead of answering this many submit_sm (the first ones). */
  vanishOnSubmit?: number;
}

/** A real SMPP 3.4 gateway on loopback that records what it receives and answers as told. */
export async function startSmppGateway(behaviour: GatewayBehaviour = {}): Promise<TestSmppGateway> {
  const binds: Pdu[] = [];
  const submits: Pdu[] = [];
  const sessions: Session[] = [];
  let sequence = 0;
  const server: Server = smpp.createServer({}, (session) => {
    sessions.push(session);
    session.on('error', () => {});
    session.on('bind_transceiver', (pdu: Pdu) => {
      binds.push(pdu);
      session.send(pdu.response({ command_status: behaviour.bindStatus ?? 0, system_id: 'gateway' }));
    });
    session.on('submit_sm', (pdu: Pdu) => {
      submits.push(pdu);
      if (submits.length <= (behaviour.vanishOnSubmit ?? 0)) {
        session.destroy();
        return;
      }
      sequence += 1;
      session.send(pdu.response({ command_status: behaviour.submitStatus?.(pdu) ?? 0, message_id: `MSG${sequence}` }));
    });
    session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: Pdu) => session.send(pdu.response()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smpp://galeno:s3cret@127.0.0.1:${port}`,
    binds,
    submits,
    deliver: (options) => new Promise<Pdu>((resolve) => sessions.at(-1)!.deliver_sm(options, resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The text of a submit_sm, whether in short_message or message_payload. */
export const smsTextOf = (pdu: Pdu) => {
  const value = (pdu.message_payload ?? pdu.short_message) as { message: string } | string;
  return typeof value === 'string' ? value : value.message;
};
