import { describe, expect, it } from 'vitest';
import { deskBooksWithNewDoctor } from '../../testing/appointments.ts';
import { useSmtpServer, useSmppGateway } from '../../testing/message-outlets.ts';
import { smsTextOf } from '../../testing/smpp-gateway.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';
import { runDueNotices } from './notices.service.ts';
import { quietUntil } from './notices.sms.ts';

const smtp = await useSmtpServer();
const gateway = await useSmppGateway();

const WEDNESDAY = '2026-03-04';

describe('quiet hours', () => {
  it('let an SMS go from 09:00 to 21:00 clinic time and hold one due at night until 09:00', () => {
    expect(quietUntil(new Date('2026-03-02T08:00:00Z'), 'Europe/Madrid')).toBeUndefined(); // 09:00
    expect(quietUntil(new Date('2026-03-02T19:59:00Z'), 'Europe/Madrid')).toBeUndefined(); // 20:59
    expect(quietUntil(new Date('2026-03-02T20:00:00Z'), 'Europe/Madrid')).toBe('2026-03-03T08:00:00.000Z'); // 21:00
    expect(quietUntil(new Date('2026-03-02T23:30:00Z'), 'Europe/Madrid')).toBe('2026-03-03T08:00:00.000Z'); // 00:30
    expect(quietUntil(new Date('2026-03-29T05:00:00Z'), 'Europe/Madrid')).toBe('2026-03-29T07:00:00.000Z'); // summer time
  });
});

describe.each(DATABASES)('notices by SMS on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { SMTP_URL: smtp.url, SMPP_URL: gateway.url, SMS_SENDER: 'Galeno', REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' },
  });

  async function patientWithMobile(telefono: string): Promise<TestUser> {
    const patient = await server.createUser('paciente', { nombre: 'Ana' });
    await server.database.db.updateTable('usuarios').set({ telefono }).where('id_usuario', '=', patient.id_usuario).execute();
    return patient;
  }

  const deskBooks = (patient: TestUser, hora: string) => deskBooksWithNewDoctor(server, patient, WEDNESDAY, hora);

  const smsNotices = (id_cita: number) =>
    server.database.db
      .selectFrom('notificaciones')
      .selectAll()
      .where('id_cita', '=', id_cita)
      .where('canal', '=', 'sms')
      .where('tipo', '<>', 'recordatorio')
      .orderBy('id_notificacion')
      .execute();

  it('texts the mobile the patient typed, in E.164 over SMPP; the receipt marks it delivered; BAJA stops the next one', async () => {
    server.clock.set('2026-03-02T08:00:00Z');
    const patient = await patientWithMobile('612 34 56 78');
    const before = gateway.submits.length;
    const { id_cita, desk } = await deskBooks(patient, '10:00');
    const sent = gateway.submits.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.destination_addr).toBe('34612345678');
    expect(smsTextOf(sent[0]!)).toBe('Galeno Centro Médico: tienes cita el 04/03/2026 a las 10:00 con Pere Puig. Visita: Consulta. Tel. +34 932 000 000. BAJA para no recibir SMS.');
    const [notice] = await smsNotices(id_cita);
    expect(notice).toMatchObject({ estado: 'enviado', tipo: 'reservada_recepcion' });

    await gateway.deliver({
      source_addr: '34612345678',
      esm_class: 0x04,
      short_message: `id:${notice?.id_pasarela} sub:001 dlvrd:001 submit date:2603020900 done date:2603020901 stat:DELIVRD err:000 text:Galeno`,
    });
    await expect.poll(async () => (await smsNotices(id_cita))[0]?.estado).toBe('entregado');

    await gateway.deliver({ source_addr: '34612345678', short_message: 'baja' });
    await expect.poll(async () => (await server.database.db.selectFrom('sms_bajas').selectAll().execute()).map((row) => row.telefono)).toContain('+34612345678');
    const cancelled = await server.request('POST', `/api/recepcion/citas/${id_cita}/cancelar`, { token: desk.token, body: { motivo: 'Baja del doctor' } });
    expect(cancelled.status).toBe(200);
    await server.app.mailer.settled();
    expect(gateway.submits.length - before).toBe(1);
    expect((await smsNotices(id_cita)).map((row) => row.tipo)).toEqual(['reservada_recepcion']);
  });

  it('holds an SMS of a change made at night until 09:00, while the e-mail goes at once; a landline gets none', async () => {
    server.clock.set('2026-03-02T21:30:00Z'); // 22:30 in Madrid
    const patient = await patientWithMobile('+34 699 11 22 33');
    const before = gateway.submits.length;
    const { id_cita } = await deskBooks(patient, '11:00');
    expect(gateway.submits.length - before).toBe(0);
    expect(await smsNotices(id_cita)).toMatchObject([{ estado: 'pendiente', enviar_en: '2026-03-03T08:00:00.000Z' }]);
    expect(smtp.messages.some((message) => message.to.includes(patient.correo))).toBe(true);
    expect((await runDueNotices(server.app, new Date('2026-03-03T07:59:00Z'))).sent).toBe(0);
    expect((await runDueNotices(server.app, new Date('2026-03-03T08:00:00Z'))).sent).toBe(1);
    expect(gateway.submits.length - before).toBe(1);

    server.clock.set('2026-03-02T10:00:00Z');
    const landline = await patientWithMobile('93 200 00 00');
    const booked = await deskBooks(landline, '12:00');
    expect(await smsNotices(booked.id_cita)).toEqual([]);
  });
});
