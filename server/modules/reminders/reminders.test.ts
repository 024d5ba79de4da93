import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSlots, setLanguage, setSpecialty, startPeerApp } from '../../testing/appointments.ts';
import { parseMail, startSmtpServer } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { findAppointmentMailRows } from '../appointments/appointment-reads.repository.ts';
import { CLAIM_MINUTES, runDueReminders, startReminderWorker } from './reminders.service.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

// Visits on Wednesday 2026-03-04 (Madrid is UTC+1): 10:00 local is 09:00Z, so with the default
// REMINDER_HOURS of 24 the reminder is due on Tuesday at 09:00Z.
const WEDNESDAY = '2026-03-04';
const DUE = '2026-03-03T09:00:00.000Z';
const START = '2026-03-02T08:00:00Z';

// The notices of each change of a visit (server/modules/notices) are tested there: these tests count
// reminders and the doctor's request notices only.
const isVisitNotice = (raw: string) => /^Message-ID: <notificacion-/im.test(raw);
const messagesTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address) && !isVisitNotice(message.raw));

async function book(server: TestServer, patient: TestUser, id_doctor: number, hora: string, recordatorio = true) {
  const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor, fecha: WEDNESDAY, hora, motivo: 'Revisión de tensión', recordatorio },
  });
  expect(response.status).toBe(201);
  return response.body.id_cita;
}

/** A new doctor's slot at `hora`, booked with a reminder by a new patient (the clock back at its start). */
async function bookedWithReminder(server: TestServer, hora: string): Promise<{ patient: TestUser; id_cita: number }> {
  server.clock.set(START);
  const doctor = await server.createUser('doctor');
  await openSlots(server, doctor.id_doctor as number, WEDNESDAY, [hora]);
  const patient = await server.createUser('paciente');
  const id_cita = await book(server, patient, doctor.id_doctor as number, hora);
  // The doctor's notice has gone out before a test counts messages or breaks the SMTP server.
  await server.app.mailer.settled();
  return { patient, id_cita };
}

async function reminderOf(server: TestServer, id_cita: number) {
  return server.database.db
    .selectFrom('recordatorios')
    .selectAll()
    .where('id_cita', '=', id_cita)
    .executeTakeFirstOrThrow();
}

describe.each(DATABASES)('reminders through SMTP on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0' } });

  it("sends the reminder REMINDER_HOURS before the visit, once, in the patient's language, with an .ics file", async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await setLanguage(server, doctor.id_usuario, 'ca');
    await setSpecialty(server, doctor.id_doctor as number, 'medicina-familiar');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00']);
    const patient = await server.createUser('paciente', { nombre: 'Alice', apellido1: 'Brown' });
    await setLanguage(server, patient.id_usuario, 'en');

    const id_cita = await book(server, patient, doctor.id_doctor as number, '10:00');
    expect(await reminderOf(server, id_cita)).toMatchObject({
      enviar_en: DUE,
      estado: 'pendiente',
      intentos: 0,
      enviado_en: null,
    });

    // The doctor hears of the request at once, in Catalan, without the reason.
    await server.app.mailer.settled();
    const [notice] = messagesTo(doctor.correo);
    expect(notice).toBeDefined();
    const noticeMail = parseMail(notice?.raw ?? '');
    expect(noticeMail.subject).toBe('Nova sol·licitud de cita: dimecres, 4 de març del 2026 a les 10:00');
    expect(noticeMail.text).toContain('“Alice Brown” ha demanat una cita amb tu.');
    expect(noticeMail.text).not.toContain('tensión');

    // A minute early: nothing yet.
    expect(await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-03T08:59:00Z'))).toMatchObject({ sent: 0 });
    expect(messagesTo(patient.correo)).toHaveLength(0);

    // Due: two workers race for it and it goes out once.
    server.clock.set(DUE);
    const runs = await Promise.all([runDueReminders(server.app, findAppointmentMailRows), runDueReminders(server.app, findAppointmentMailRows)]);
    expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
    expect(await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-03T12:00:00Z'))).toMatchObject({ sent: 0 });
    const received = messagesTo(patient.correo);
    expect(received).toHaveLength(1);
    expect(await reminderOf(server, id_cita)).toMatchObject({
      estado: 'enviado',
      enviado_en: DUE,
      intentos: 1,
      reservado_hasta: null,
    });

    const mail = parseMail(received[0]?.raw ?? '');
    expect(mail.headers.get('from')).toContain('no-reply@example.es');
    expect(mail.subject).toBe('Reminder of your appointment: Wednesday, 4 March 2026 at 10:00');
    expect(mail.text).toContain('Hello “Alice”,');
    expect(mail.text).toContain('Doctor: “Pere Puig”');
    expect(mail.text).toContain('The doctor has not confirmed the appointment yet.');
    // One-tap links: confirm, cancel, change the time, each for this visit only.
    expect(mail.text).toContain('Answer with one tap:');
    expect(mail.text).toMatch(new RegExp(`- I will be there: /enlace\\?token=${id_cita}\\.confirmar\\.\\d+\\.[A-Za-z0-9_-]{43}`));
    expect(mail.text).toMatch(new RegExp(`- Cancel: /enlace\\?token=${id_cita}\\.cancelar\\.`));
    expect(mail.text).toMatch(new RegExp(`- Change the time: /enlace\\?token=${id_cita}\\.cambiar\\.`));
    expect(mail.text).not.toContain('tensión');

    expect(mail.attachments).toHaveLength(1);
    const ics = mail.attachments[0];
    expect(ics?.filename).toBe('cita.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const body = ics?.body ?? '';
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF only, never a bare LF or CR
    const lines = body.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = body.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `UID:cita-${id_cita}@www.example.es`,
        'DTSTAMP:20260303T090000Z',
        'DTSTART:20260304T090000Z',
        'DTEND:20260304T093000Z',
        'SUMMARY:Medical appointment with “Pere Puig” (Family and Community Medicine)',
        'LOCATION:Galeno Centro Médico\\, Carrer de Provença 286\\, 08008 Barcelona',
        'STATUS:TENTATIVE',
        'END:VEVENT',
        'END:VCALENDAR',
      ]),
    );
    expect(unfolded.indexOf('BEGIN:VEVENT')).toBeLessThan(unfolded.indexOf('DTSTART:20260304T090000Z'));
  });

  it('sends each reminder once when two server instances on the same database run their workers together', async () => {
    const horas = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const patients: TestUser[] = [];
    for (const hora of horas) patients.push((await bookedWithReminder(server, hora)).patient);
    const peer = await startPeerApp(server);
    try {
      const at = new Date('2026-03-03T12:00:00Z'); // every one of them is due
      const due = await server.database.db
        .selectFrom('recordatorios')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('estado', '=', 'pendiente')
        .where('enviar_en', '<=', at.toISOString())
        .executeTakeFirstOrThrow();
      expect(Number(due.n)).toBeGreaterThanOrEqual(horas.length);
      const rounds = await Promise.all([
        runDueReminders(server.app, findAppointmentMailRows, at),
        runDueReminders(peer.app, findAppointmentMailRows, at),
        runDueReminders(peer.app, findAppointmentMailRows, at),
        runDueReminders(server.app, findAppointmentMailRows, at),
      ]);
      expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(Number(due.n));
      for (const patient of patients) expect(messagesTo(patient.correo), patient.usuario).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('sends nothing for an appointment the patient cancelled or the doctor rejected', async () => {
    const { patient: cancels, id_cita: cancelled } = await bookedWithReminder(server, '15:00');
    const { patient: rejected, id_cita: refused } = await bookedWithReminder(server, '15:30');
    expect((await server.request('PUT', `/api/citas/${cancelled}/cancelar`, { token: cancels.token })).status).toBe(
      200,
    );
    expect((await reminderOf(server, cancelled)).estado).toBe('cancelado');
    // A rejection that forgot the reminder: the worker still checks the appointment itself.
    await server.database.db.updateTable('citas').set({ estado: 'Cancelada' }).where('id_cita', '=', refused).execute();

    const run = await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-04T12:00:00Z'));
    expect(run).toMatchObject({ sent: 0, cancelled: 1 });
    expect((await reminderOf(server, refused)).estado).toBe('cancelado');
    expect(messagesTo(cancels.correo)).toHaveLength(0);
    expect(messagesTo(rejected.correo)).toHaveLength(0);
  });

  it('tries again later when the SMTP server refuses the message', async () => {
    const { patient, id_cita } = await bookedWithReminder(server, '16:00');

    smtp.refuse = true;
    try {
      expect(await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-03T16:00:00Z'))).toMatchObject({
        sent: 0,
        retrying: 1,
      });
    } finally {
      smtp.refuse = false;
    }
    expect(await reminderOf(server, id_cita)).toMatchObject({ estado: 'pendiente', intentos: 1 });
    // Not before the pause is over...
    expect(await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-03T16:01:00Z'))).toMatchObject({ sent: 0 });
    // ... and then it goes.
    const later = new Date(Date.parse('2026-03-03T16:00:00Z') + (CLAIM_MINUTES + 1) * 60_000);
    expect(await runDueReminders(server.app, findAppointmentMailRows, later)).toMatchObject({ sent: 1 });
    expect(messagesTo(patient.correo)).toHaveLength(1);
    expect(await reminderOf(server, id_cita)).toMatchObject({ estado: 'enviado', intentos: 2 });
  });

  it('closes the reminder of a visit already past without sending it (a server that was down)', async () => {
    const { patient, id_cita } = await bookedWithReminder(server, '17:00');
    expect(await runDueReminders(server.app, findAppointmentMailRows, new Date('2026-03-05T08:00:00Z'))).toMatchObject({ sent: 0, failed: 1 });
    expect((await reminderOf(server, id_cita)).estado).toBe('fallido');
    expect(messagesTo(patient.correo)).toHaveLength(0);
  });

  it('runs on an interval until stopped', async () => {
    const { patient: first } = await bookedWithReminder(server, '18:00');

    // The same app, polling every 20 ms.
    const polling = Object.create(server.app, {
      config: { value: { ...server.config, reminderPollSeconds: 0.02 } },
    }) as FastifyInstance;
    server.clock.set('2026-03-03T18:00:00Z');
    const worker = startReminderWorker(polling, findAppointmentMailRows);
    try {
      await smtp.waitFor(smtp.messages.length + 1);
      expect(messagesTo(first.correo)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    const { patient: second, id_cita } = await bookedWithReminder(server, '18:30');
    server.clock.set('2026-03-03T18:30:00Z'); // due, but nobody is polling any more
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(messagesTo(second.correo)).toHaveLength(0);
    expect((await reminderOf(server, id_cita)).estado).toBe('pendiente');
    server.clock.set(START);
  });
});

describe.each(DATABASES)('reminders without SMTP on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0' } });

  it("writes the e-mails to the data folder's outbox as .eml files", async () => {
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00']);
    const patient = await server.createUser('paciente', { nombre: 'Marta' });
    await book(server, patient, doctor.id_doctor as number, '10:00');
    await server.app.mailer.settled();
    const outbox = path.join(server.config.dataDir, 'outbox');
    // The doctor's notice, and the patient's word that the request arrived.
    expect(fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toHaveLength(2);

    expect(await runDueReminders(server.app, findAppointmentMailRows, new Date(DUE))).toMatchObject({ sent: 1 });
    const files = fs.readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(3);
    const mails = files.map((name) => parseMail(fs.readFileSync(path.join(outbox, name), 'utf8')));
    const reminder = mails.find((mail) => mail.headers.get('to')?.includes(patient.correo) && mail.subject.startsWith('Recordatorio'));
    expect(reminder?.subject).toBe('Recordatorio de tu cita: miércoles, 4 de marzo de 2026 a las 10:00');
    expect(reminder?.text).toContain('Hola, “Marta”:');
    expect(reminder?.attachments[0]?.body).toContain('DTSTART:20260304T090000Z\r\n');
    const raw = fs.readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe.each(DATABASES)('the reminder worker of the app on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0.05' } });

  it('is started by the app and sends due reminders by itself', async () => {
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00']);
    const patient = await server.createUser('paciente');
    const id_cita = await book(server, patient, doctor.id_doctor as number, '10:00');
    server.clock.set(DUE);
    await vi.waitFor(async () => expect((await reminderOf(server, id_cita)).estado).toBe('enviado'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(messagesTo(patient.correo)).toHaveLength(1);
  });
});
