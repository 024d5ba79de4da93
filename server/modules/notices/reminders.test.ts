import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deskBooksWithNewDoctor, openSlots, startPeerApp } from '../../testing/appointments.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer, useSmppGateway } from '../../testing/message-outlets.ts';
import { smsTextOf } from '../../testing/smpp-gateway.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';
import { runDueNotices } from './notices.service.ts';

const smtp = await useSmtpServer();
const gateway = await useSmppGateway();

// Monday 2026-03-02, 09:00 in Madrid; the visit is on Friday 2026-03-13 at 08:30 Madrid (07:30Z).
const START = '2026-03-02T08:00:00Z';
const FRIDAY = '2026-03-13';

const mailsTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address)).map((message) => parseMail(message.raw));
const smsTo = (e164: string) => gateway.submits.filter((pdu) => pdu.destination_addr === e164.slice(1)).map(smsTextOf);

type Plan = { pasos: { canal: 'email' | 'sms'; horas_antes: number }[] };
type Switches = { recordatorio_correo: boolean; sms: boolean; telefono: string | null; baja: boolean };

describe.each(DATABASES)("the clinic's reminders on %s", (kind) => {
  const server = useTestServer(kind, {
    env: { SMTP_URL: smtp.url, SMPP_URL: gateway.url, SMS_SENDER: 'Galeno', REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' },
  });
  const db = () => server.database.db;

  async function patientWithMobile(telefono: string, nombre = 'Ana'): Promise<TestUser> {
    const patient = await server.createUser('paciente', { nombre, apellido1: 'López' });
    await db().updateTable('usuarios').set({ telefono }).where('id_usuario', '=', patient.id_usuario).execute();
    return patient;
  }

  /** The desk books `patient` on Friday at `hora` with a new doctor (the visit's type: Consulta). */
  const deskBooks = (patient: TestUser, hora = '08:30') => deskBooksWithNewDoctor(server, patient, FRIDAY, hora);

  const reminders = (id_cita: number) =>
    db()
      .selectFrom('notificaciones')
      .select(['canal', 'estado', 'enviar_en', 'error'])
      .where('id_cita', '=', id_cita)
      .where('tipo', '=', 'recordatorio')
      .orderBy('enviar_en')
      .execute();

  it('is set once by an administrator (at most three, each a channel and hours before) and sends each reminder once, the SMS not before 09:00', async () => {
    server.clock.set(START);
    const admin = await server.createUser('admin');
    const patient = await patientWithMobile('612 34 56 78');

    // On by default: an e-mail two days before and an SMS the day before.
    const initial = await server.request<Plan>('GET', '/api/clinica/recordatorios', { token: admin.token });
    expect(initial.body).toEqual({ pasos: [{ canal: 'email', horas_antes: 48 }, { canal: 'sms', horas_antes: 24 }] });
    // Only administrators; never more than three; never twice the same; from 1 hour to 30 days.
    expect((await server.request('GET', '/api/clinica/recordatorios', { token: patient.token })).status).toBe(403);
    const put = (body: unknown, token = admin.token) => server.request<{ code?: string; detail?: string }>('PUT', '/api/clinica/recordatorios', { token, body });
    expect((await put({ pasos: [] }, patient.token)).status).toBe(403);
    const tooMany = await put({ pasos: [1, 2, 3, 4].map((horas_antes) => ({ canal: 'email', horas_antes })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toContain('Como mucho tres recordatorios por visita.');
    expect((await put({ pasos: [{ canal: 'sms', horas_antes: 24 }, { canal: 'sms', horas_antes: 24 }] })).status).toBe(400);
    expect((await put({ pasos: [{ canal: 'email', horas_antes: 0 }] })).status).toBe(400);
    expect((await put({ pasos: [{ canal: 'fax', horas_antes: 24 }] })).status).toBe(400);
    const saved = await put({ pasos: [{ canal: 'sms', horas_antes: 24 }, { canal: 'email', horas_antes: 168 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ pasos: [{ canal: 'email', horas_antes: 168 }, { canal: 'sms', horas_antes: 24 }] });

    // The visit's type says what to do before it.
    await db().updateTable('tipos_visita').set({ instrucciones: 'Venga en ayunas' }).execute();
    const { id_cita } = await deskBooks(patient);
    // The e-mail a week before (07:30Z on the 6th); the SMS a day before would be 08:30 Madrid, in
    // the quiet hours: it waits for 09:00.
    expect(await reminders(id_cita)).toEqual([
      { canal: 'email', estado: 'pendiente', enviar_en: '2026-03-06T07:30:00.000Z', error: null },
      { canal: 'sms', estado: 'pendiente', enviar_en: '2026-03-12T08:00:00.000Z', error: null },
    ]);

    expect((await runDueNotices(server.app, new Date('2026-03-06T07:29:00Z'))).sent).toBe(0);
    const peer = await startPeerApp(server);
    try {
      // Two instances race for the e-mail: it goes once.
      const at = new Date('2026-03-06T07:30:00Z');
      const runs = await Promise.all([runDueNotices(server.app, at), runDueNotices(peer.app, at)]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
      const sent = mailsTo(patient.correo).filter((mail) => mail.subject.startsWith('Recordatorio de tu cita'));
      expect(sent).toHaveLength(1);
      const mail = sent[0] as ReturnType<typeof parseMail>;
      expect(mail.subject).toBe('Recordatorio de tu cita: viernes, 13 de marzo de 2026 a las 08:30');
      expect(mail.text).toContain('Hola, Ana:');
      expect(mail.text).toContain('Tipo de visita: Consulta');
      expect(mail.text).toContain('Antes de venir: Venga en ayunas');
      expect(mail.text).toMatch(new RegExp(`- Confirmo que voy: https://clinica.example/enlace\\?token=${id_cita}\\.confirmar\\.`));
      expect(mail.text).toMatch(new RegExp(`- Cancelar: https://clinica.example/enlace\\?token=${id_cita}\\.cancelar\\.`));
      expect(mail.text).toMatch(new RegExp(`- Cambiar hora: https://clinica.example/enlace\\?token=${id_cita}\\.cambiar\\.`));
      // Its calendar entry, read by ical.js: the visit's UID, its type in the summary, the
      // instructions in the description.
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments.find((part) => part.filename === 'cita.ics')?.body ?? ''));
      const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect(event.getFirstPropertyValue('uid')).toBe(`cita-${id_cita}@clinica.example`);
      expect(String(event.getFirstPropertyValue('summary'))).toMatch(/^Consulta: Cita médica con Pere Puig/);
      expect(event.getFirstPropertyValue('description')).toBe('Venga en ayunas');
      expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2026-03-13T07:30:00.000Z');

      // The SMS: not at 08:59 Madrid, once at 09:00 whatever the number of instances.
      const before = smsTo('+34612345678').length;
      expect((await runDueNotices(server.app, new Date('2026-03-12T07:59:00Z'))).sent).toBe(0);
      const nine = new Date('2026-03-12T08:00:00Z');
      await Promise.all([runDueNotices(server.app, nine), runDueNotices(peer.app, nine), runDueNotices(server.app, nine)]);
      const texts = smsTo('+34612345678').slice(before);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('te recordamos tu cita del 13/03/2026 a las 08:30 con Pere Puig. Visita: Consulta. Venga en ayunas');
    } finally {
      await peer.close();
    }
    expect((await reminders(id_cita)).map((row) => row.estado)).toEqual(['enviado', 'enviado']);
  });

  it("follows each patient's switches: SMS off sends none, reminder e-mails off drops those still waiting", async () => {
    server.clock.set(START);
    const patient = await patientWithMobile('699 11 22 33', 'Marta');
    const doctor = await server.createUser('doctor');
    const mine = await server.request<Switches>('GET', '/api/mi-cuenta/avisos', { token: patient.token });
    expect(mine.body).toEqual({ recordatorio_correo: true, sms: true, telefono: '+34699112233', baja: false });
    expect((await server.request('GET', '/api/mi-cuenta/avisos', { token: doctor.token })).status).toBe(403);
    expect((await server.request('PUT', '/api/mi-cuenta/avisos', { token: patient.token, body: { sms: 'no' } })).status).toBe(400);

    // Booked with everything on: the plan's e-mail and SMS wait.
    const first = await deskBooks(patient, '10:00');
    expect((await reminders(first.id_cita)).map((row) => [row.canal, row.estado])).toEqual([
      ['email', 'pendiente'],
      ['sms', 'pendiente'],
    ]);
    const off = await server.request<Switches>('PUT', '/api/mi-cuenta/avisos', { token: patient.token, body: { recordatorio_correo: false, sms: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ recordatorio_correo: false, sms: false });
    // Those already waiting are dropped when they fall due, not sent.
    const smsBefore = smsTo('+34699112233').length;
    const mailsBefore = mailsTo(patient.correo).length;
    await runDueNotices(server.app, new Date('2026-03-12T12:00:00Z'));
    expect((await reminders(first.id_cita)).map((row) => [row.canal, row.estado, row.error])).toEqual([
      ['email', 'cancelado', 'desactivado'],
      ['sms', 'cancelado', 'desactivado'],
    ]);
    expect(smsTo('+34699112233').length).toBe(smsBefore);
    expect(mailsTo(patient.correo).length).toBe(mailsBefore);

    // A new visit: no reminder planned at all, and no SMS of the booking either; its e-mail still goes.
    server.clock.set(START);
    const second = await deskBooks(patient, '11:00');
    expect(await reminders(second.id_cita)).toEqual([]);
    expect(await db().selectFrom('notificaciones').select('canal').where('id_cita', '=', second.id_cita).where('canal', '=', 'sms').execute()).toEqual([]);
    expect(mailsTo(patient.correo).some((mail) => mail.subject.startsWith('Tienes cita'))).toBe(true);
  });

  it('drops the reminders of a cancelled visit, and plans them again at the new time of a moved one', async () => {
    server.clock.set(START);
    const patient = await patientWithMobile('611 22 33 44', 'Joan');
    const { id_cita, desk } = await deskBooks(patient, '12:00');
    const cancelled = await server.request('POST', `/api/recepcion/citas/${id_cita}/cancelar`, { token: desk.token, body: { motivo: 'Baja del doctor' } });
    expect(cancelled.status).toBe(200);
    expect((await reminders(id_cita)).map((row) => row.estado)).toEqual(['cancelado', 'cancelado']);
    await runDueNotices(server.app, new Date('2026-03-13T08:00:00Z'));
    expect(mailsTo(patient.correo).some((mail) => mail.subject.startsWith('Recordatorio'))).toBe(false);
  });
});

describe.each(DATABASES)('phone numbers on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' } });

  it('are stored in E.164 on every save (Spain unless they say otherwise); one that cannot exist is refused in the caller’s language', async () => {
    const patient = await server.createUser('paciente', { nombre: 'Núria', apellido1: 'Roca' });
    const save = (telefono: string, language = 'es') =>
      server.request<{ code?: string; detail?: string; errores?: { campo: string; mensaje: string }[] }>('PUT', '/api/paciente/perfil', {
        token: patient.token,
        body: { nombre: 'Núria', apellido1: 'Roca', telefono },
        headers: { 'accept-language': language },
      });
    const stored = async () =>
      (await server.database.db.selectFrom('usuarios').select('telefono').where('id_usuario', '=', patient.id_usuario).executeTakeFirstOrThrow()).telefono;
    expect((await save('612 34 56 78')).status).toBe(200);
    expect(await stored()).toBe('+34612345678');
    expect((await save('+33 6 12 34 56 78')).status).toBe(200);
    expect(await stored()).toBe('+33612345678');
    const wrong = await save('123 456 789');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errores).toEqual([{ campo: 'telefono', mensaje: expect.stringContaining('El teléfono no es un número que exista') }]);
    expect((await save('123 456 789', 'en')).body.detail).toContain('The phone is not a number that exists');
    expect((await save('123 456 789', 'ca')).body.detail).toContain('El telèfon no és un número que existeixi');
    expect(await stored()).toBe('+33612345678'); // nothing half-written

    // The desk's registration too.
    const desk = await server.createUser('recepcion');
    const register = (telefono: string) =>
      server.request<{ paciente?: { telefono: string | null } }>('POST', '/api/recepcion/pacientes', { token: desk.token, body: { nombre: 'Pau', apellido1: 'Serra', telefono } });
    expect((await register('123 456 789')).status).toBe(400);
    const registered = await register('93 200 00 00');
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const row = { telefono: registered.body.paciente?.telefono };
    expect(row.telefono).toBe('+34932000000');
  });
});

describe.each(DATABASES)('a removed account in its notices on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' } });

  it('keeps no copy of its name, e-mail or phone; the doctor is told of the leaving first', async () => {
    server.clock.set(START);
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Vidal' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-04', ['10:00']);
    const patient = await server.createUser('paciente', { nombre: 'Olvido', apellido1: 'Borrado' });
    await server.database.db.updateTable('usuarios').set({ telefono: '+34655443322' }).where('id_usuario', '=', patient.id_usuario).execute();
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-04', hora: '10:00', motivo: 'Control' },
    });
    expect(booked.status).toBe(201);
    await server.app.mailer.settled();
    expect((await server.request('DELETE', `/api/usuarios/${patient.id_usuario}`, { token: admin.token })).status).toBe(204);
    await server.app.mailer.settled();
    await runDueNotices(server.app);
    const told = mailsTo(doctor.correo).find((mail) => mail.subject.startsWith('Cita cancelada'));
    expect(told?.text).toContain('Olvido Borrado ya no es paciente de la clínica');
    const rows = await server.database.db.selectFrom('notificaciones').select(['datos', 'estado']).where('id_cita', '=', booked.body.id_cita).execute();
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row.datos).not.toContain('Olvido');
      expect(row.datos).not.toContain('Borrado');
      expect(row.datos).not.toContain(patient.correo);
      expect(row.datos).not.toContain('655443322');
      expect(row.estado).not.toBe('pendiente');
    }
  });
});
