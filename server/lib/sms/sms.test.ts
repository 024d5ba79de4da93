import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { smsTextOf as textOf, startSmppGateway as startGateway } from '../../testing/smpp-gateway.ts';
import { canTakeSms, toE164 } from './phone-numbers.ts';
import { createSmsSender, SmsGatewayError, type SmsReceipt, type SmsReply, type SmsSender } from './sms.ts';
import { smsParts } from './sms-parts.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function sender(url: string | undefined, outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-sms-'))): SmsSender {
  const sms = createSmsSender({ smppUrl: url, sender: 'Galeno', outboxDir, timeoutMs: 2_000 });
  closers.push(() => sms.close());
  return sms;
}


describe('phone numbers', () => {
  it('are stored in E.164, read as people write them, in Spain unless they say otherwise', () => {
    expect(toE164('612 34 56 78')).toBe('+34612345678');
    expect(toE164('0034 612-345-678')).toBe('+34612345678');
    expect(toE164('+34 (612) 345 678')).toBe('+34612345678');
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164('12345')).toBeNull();
    expect(toE164('llámame')).toBeNull();
  });

  it('tell a mobile, which takes an SMS, from a landline, which does not', () => {
    expect(canTakeSms('+34612345678')).toBe(true);
    expect(canTakeSms('+34912345678')).toBe(false);
  });
});

describe('SMS text', () => {
  it('fits GSM-7 where it can and says how many parts it takes', () => {
    expect(smsParts('Hola Ana: tu cita es mañana a las 10:30 con el Dr. Puig.')).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(smsParts('x'.repeat(160))).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(smsParts('x'.repeat(161))).toEqual({ encoding: 'GSM-7', parts: 2 });
    // 'á' is not in the GSM alphabet: the message travels in UCS-2, 70 characters a part.
    expect(smsParts('Recordatorio: cita el sábado')).toEqual({ encoding: 'UCS-2', parts: 1 });
    expect(smsParts(`sábado ${'x'.repeat(70)}`).parts).toBe(2);
  });
});

describe('the outbox, without a gateway', () => {
  it('writes each message to DATA_DIR/outbox-sms with its number, text and parts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-sms-outbox-'));
    const sms = sender(undefined, dir);
    expect(sms.transport).toBe('outbox');
    const sent = await sms.send({ to: '+34612345678', text: 'Tu cita de mañana: ‘confirmada’ – Galeno' });
    expect(sent).toMatchObject({ encoding: 'GSM-7', parts: 1, text: "Tu cita de mañana: 'confirmada' - Galeno" });
    const written = JSON.parse(fs.readFileSync(sent.file!, 'utf8')) as Record<string, unknown>;
    expect(written).toEqual({ from: 'Galeno', to: '+34612345678', text: sent.text, encoding: 'GSM-7', parts: 1 });
  });
});

describe('SMS over SMPP 3.4', () => {
  it('binds with the system id and password, submits the PDU the gateway expects, and hears receipts and replies', async () => {
    const gateway = await startGateway();
    closers.push(gateway.close);
    const sms = sender(gateway.url);
    const receipts: SmsReceipt[] = [];
    const replies: SmsReply[] = [];
    sms.onReceipt((receipt) => receipts.push(receipt));
    sms.onReply((reply) => replies.push(reply));

    const sent = await sms.send({ to: '+34612345678', text: 'Hola Ana: tu cita es mañana a las 10:30.' });
    expect(sent).toMatchObject({ messageId: 'MSG1', encoding: 'GSM-7', parts: 1 });
    expect(gateway.binds).toHaveLength(1);
    expect(gateway.binds[0]).toMatchObject({ system_id: 'galeno', password: 's3cret' });
    expect(gateway.submits[0]).toMatchObject({
      source_addr: 'Galeno',
      source_addr_ton: 5,
      destination_addr: '34612345678',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      registered_delivery: 1,
    });
    expect(textOf(gateway.submits[0]!)).toBe('Hola Ana: tu cita es mañana a las 10:30.');

    // A second message reuses the session; a long one travels whole in message_payload.
    const long = await sms.send({ to: '+34612345678', text: `Recordatorio. ${'x'.repeat(200)}` });
    expect(long).toMatchObject({ messageId: 'MSG2', parts: 2 });
    expect(gateway.binds).toHaveLength(1);
    expect(textOf(gateway.submits[1]!)).toBe(`Recordatorio. ${'x'.repeat(200)}`);

    // The receipt (esm_class 0x04, SMPP 3.4 appendix B) and the patient's reply come back on the session.
    const answered = await gateway.deliver({
      source_addr: '34612345678',
      esm_class: 0x04,
      short_message: 'id:MSG1 sub:001 dlvrd:001 submit date:2612071000 done date:2612071001 stat:DELIVRD err:000 text:Hola Ana',
    });
    expect(answered.command_status).toBe(0);
    await gateway.deliver({ source_addr: '34612345678', short_message: ' BAJA ' });
    await expect.poll(() => receipts).toEqual([{ messageId: 'MSG1', state: 'delivered' }]);
    await expect.poll(() => replies).toEqual([{ from: '+34612345678', text: 'BAJA' }]);
  });

  it('says whether a refused message may be tried again: throttling yes, a bad number no', async () => {
    const gateway = await startGateway({ submitStatus: (pdu) => (pdu.destination_addr === '34600000000' ? 0x0b : 0x58) });
    closers.push(gateway.close);
    const sms = sender(gateway.url);
    const refusal = (to: string) => sms.send({ to, text: 'Hola' }).catch((error: unknown) => error);
    const bad = await refusal('+34600000000');
    expect(bad).toBeInstanceOf(SmsGatewayError);
    expect((bad as SmsGatewayError).permanent).toBe(true);
    const throttled = await refusal('+34612345678');
    expect((throttled as SmsGatewayError).permanent).toBe(false);
  });

  it('rejects the send when the gateway refuses the log-in', async () => {
    const gateway = await startGateway({ bindStatus: 0x0d });
    closers.push(gateway.close);
    await expect(sender(gateway.url).send({ to: '+34612345678', text: 'Hola' })).rejects.toThrow(/refused our log-in/);
  });

  it('rejects the send when the gateway drops the line mid-message, and logs in again for the next one', async () => {
    const gateway = await startGateway({ vanishOnSubmit: 1 });
    closers.push(gateway.close);
    const sms = sender(gateway.url);
    await expect(sms.send({ to: '+34612345678', text: 'Hola' })).rejects.toThrow(/closed the connection/);
    await expect(sms.send({ to: '+34612345678', text: 'Hola otra vez' })).resolves.toMatchObject({ messageId: 'MSG1' });
    expect(gateway.binds).toHaveLength(2);
  });

  it('fails fast, without hanging, while nobody answers at the gateway address', async () => {
    const gateway = await startGateway();
    const url = gateway.url;
    await gateway.close();
    await expect(sender(url).send({ to: '+34612345678', text: 'Hola' })).rejects.toThrow(/could not be reached/);
  });
});
