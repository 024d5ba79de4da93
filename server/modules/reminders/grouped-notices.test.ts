import { describe, expect, it } from 'vitest';
import { openSlots, startPeerApp } from '../../testing/appointments.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { findAppointmentMailRows } from '../appointments/appointment-reads.repository.ts';
import { sendRequestNotices } from './reminders.service.ts';

const smtp = await useSmtpServer();

const WEDNESDAY = '2026-03-04';
const START = '2026-03-02T08:00:00Z';
const mailsTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address)).map((m) => parseMail(m.raw));

async function book(server: TestServer, patient: TestUser, doctor: TestUser, hora: string) {
  const answer = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora, motivo: 'Dolor de espalda', recordatorio: false },
  });
  expect(answer.status).toBe(201);
  await server.app.mailer.settled();
  return answer.body.id_cita;
}

/** Books, and tells how many claims of doctors' notices ran meanwhile (the booking's own, if any). */
async function bookCountingClaims(server: TestServer, patient: TestUser, doctor: TestUser, hora: string) {
  const claims: string[] = [];
  const listener = (event: { query: { sql: string } }) => {
    if (/update "avisos_solicitud" set "reservado_hasta"/.test(event.query.sql)) claims.push(event.query.sql);
  };
  server.database.queryListeners.add(listener);
  try {
    return { id_cita: await book(server, patient, doctor, hora), claims: claims.length };
  } finally {
    server.database.queryListeners.delete(listener);
  }
}

/** Three requests to one doctor: the first told at once, the next two pending in the window. */
async function threeRequestsInAWindow(server: TestServer): Promise<TestUser> {
  server.clock.set(START);
  const doctor = await server.createUser('doctor');
  await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['09:00', '09:30', '10:00']);
  const patients = await Promise.all([1, 2, 3].map(() => server.createUser('paciente')));
  await book(server, patients[0] as TestUser, doctor, '09:00');
  server.clock.advanceMinutes(1);
  await book(server, patients[1] as TestUser, doctor, '09:30');
  await book(server, patients[2] as TestUser, doctor, '10:00');
  return doctor;
}

/** Grouped notices of new requests, through the real SMTP test server. */
describe.each(DATABASES)('grouped notices of new requests on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0', REQUEST_NOTICE_MINUTES: '5' } });

  it('tells a quiet doctor at once, then sends one e-mail per window listing the requests as inert one-line names', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Vidal' });
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['09:00', '09:30', '10:00', '10:30']);
    const [ana, joan, rosa] = await Promise.all([
      server.createUser('paciente', { nombre: 'Ana', apellido1: 'López' }),
      server.createUser('paciente', { nombre: 'Joan', apellido1: 'Puig' }),
      server.createUser('paciente', { nombre: 'Rosa', apellido1: 'Pons' }),
    ]);

    await book(server, ana, doctor, '09:00');
    expect(mailsTo(doctor.correo)).toHaveLength(1);
    expect(mailsTo(doctor.correo)[0]?.text).toContain('Ana López ha pedido una cita contigo.');

    // Two more within the window: nothing yet, not even from the worker.
    server.clock.advanceMinutes(1);
    await book(server, joan, doctor, '10:30');
    const cancelled = await book(server, rosa, doctor, '10:00');
    expect((await server.request('PUT', `/api/citas/${cancelled}/cancelar`, { token: rosa.token })).status).toBe(200);
    server.clock.advanceMinutes(2);
    expect(await sendRequestNotices(server.app, findAppointmentMailRows)).toMatchObject({ sent: 0 });
    expect(mailsTo(doctor.correo)).toHaveLength(1);

    // Five minutes after the first e-mail: one e-mail with the request still pending.
    server.clock.set('2026-03-02T08:05:00Z');
    expect(await sendRequestNotices(server.app, findAppointmentMailRows)).toMatchObject({ sent: 1 });
    const second = mailsTo(doctor.correo)[1];
    expect(second?.text).toContain('Joan Puig ha pedido una cita contigo.');
    expect(second?.text).not.toContain('Rosa');

    // A fourth request and a fifth come in quickly: listed together once the window allows.
    const [pere, marta] = await Promise.all([
      server.createUser('paciente', { nombre: 'Pere\u2028https://malo.example', apellido1: 'Soler' }),
      server.createUser('paciente', { nombre: 'Marta', apellido1: 'Gil' }),
    ]);
    server.clock.set('2026-03-02T08:06:00Z');
    await book(server, pere, doctor, '10:00');
    await book(server, marta, doctor, '09:30');
    expect(mailsTo(doctor.correo)).toHaveLength(2);
    server.clock.set('2026-03-02T08:10:00Z');
    expect(await sendRequestNotices(server.app, findAppointmentMailRows)).toMatchObject({ sent: 1 });
    const grouped = mailsTo(doctor.correo)[2];
    expect(grouped?.subject).toBe('2 solicitudes de cita nuevas');
    expect(grouped?.text).toContain('Tienes 2 solicitudes de cita nuevas:');
    expect(grouped?.text).toContain('Las solicitudes están pendientes: acéptalas o recházalas en tu agenda');
    const lines = grouped?.text.split(/\r?\n/) ?? [];
    expect(lines).toContain('- miércoles, 4 de marzo de 2026, 09:30: Marta Gil');
    expect(lines).toContain('- miércoles, 4 de marzo de 2026, 10:00: Pere https: malo․example Soler');
    expect(grouped?.text).not.toContain('https://malo.example');
    expect(await sendRequestNotices(server.app, findAppointmentMailRows, new Date('2026-03-02T09:00:00Z'))).toMatchObject({ sent: 0 });
    expect(mailsTo(doctor.correo)).toHaveLength(3);
  });

  // Two more apps start on the database: a budget of its own, beyond the suite's 20 s.
  it('keeps pending notices across a restart, and two instances send each batch once', { timeout: 45_000 }, async () => {
    const doctor = await threeRequestsInAWindow(server);
    expect(mailsTo(doctor.correo)).toHaveLength(1);
    const pending = await server.database.db.selectFrom('avisos_solicitud').select('estado').where('id_doctor', '=', doctor.id_doctor as number).where('estado', '=', 'pendiente').execute();
    expect(pending).toHaveLength(2);

    // Two other instances on the same database (as after a restart) race for the batch.
    const [first, second] = await Promise.all([startPeerApp(server), startPeerApp(server)]);
    try {
      const at = new Date('2026-03-02T08:06:00Z');
      const runs = await Promise.all([sendRequestNotices(first.app, findAppointmentMailRows, at), sendRequestNotices(second.app, findAppointmentMailRows, at)]);
      expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
    } finally {
      await first.close();
      await second.close();
    }
    const mails = mailsTo(doctor.correo);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('2 solicitudes de cita nuevas');
  });

  it('keeps a request made while the e-mail was going out for the next window, and makes no claim before then', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['09:00', '09:30', '10:00']);
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => server.createUser('paciente')));
    await book(server, first as TestUser, doctor, '09:00');
    expect(mailsTo(doctor.correo)).toHaveLength(1);
    // The second request came in while the first e-mail was being sent: it joined that batch's time,
    // 08:00, but the e-mail had already been built without it.
    const waiting = await book(server, second as TestUser, doctor, '09:30');
    await server.database.db.updateTable('avisos_solicitud').set({ enviar_en: START }).where('id_cita', '=', waiting).execute();

    server.clock.set('2026-03-02T08:01:00Z');
    const booked = await bookCountingClaims(server, third as TestUser, doctor, '10:00');
    // The doctor was mailed at 08:00: nothing can go before 08:05, so the booking claims nothing.
    expect(booked.claims).toBe(0);
    const queued = await server.database.db.selectFrom('avisos_solicitud').select('enviar_en').where('id_cita', '=', booked.id_cita).executeTakeFirstOrThrow();
    expect(new Date(queued.enviar_en).toISOString()).toBe('2026-03-02T08:05:00.000Z');
    expect(mailsTo(doctor.correo)).toHaveLength(1);

    expect(await sendRequestNotices(server.app, findAppointmentMailRows, new Date('2026-03-02T08:05:00Z'))).toMatchObject({ sent: 1 });
    expect(mailsTo(doctor.correo)[1]?.subject).toBe('2 solicitudes de cita nuevas');
  });

  it('keeps a request made while the e-mail is still going out for the window after it, without a claim', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['09:00', '09:30']);
    const [first, second] = await Promise.all([1, 2].map(() => server.createUser('paciente')));
    const sending = await book(server, first as TestUser, doctor, '09:00');
    // The first request's e-mail is going out: claimed until 08:02, not yet settled.
    await server.database.db
      .updateTable('avisos_solicitud')
      .set({ estado: 'pendiente', enviado_en: null, reservado_hasta: '2026-03-02T08:02:00.000Z' })
      .where('id_cita', '=', sending)
      .execute();

    server.clock.set('2026-03-02T08:00:30Z');
    const booked = await bookCountingClaims(server, second as TestUser, doctor, '09:30');
    expect(booked.claims).toBe(0);
    const queued = await server.database.db.selectFrom('avisos_solicitud').select('enviar_en').where('id_cita', '=', booked.id_cita).executeTakeFirstOrThrow();
    expect(new Date(queued.enviar_en).toISOString()).toBe('2026-03-02T08:05:30.000Z');

    // The first e-mail never settled (its claim lapsed at 08:02): both requests go out together.
    expect(await sendRequestNotices(server.app, findAppointmentMailRows, new Date('2026-03-02T08:05:30Z'))).toMatchObject({ sent: 1 });
    expect(mailsTo(doctor.correo).at(-1)?.subject).toBe('2 solicitudes de cita nuevas');
  });

  it('tries a failed e-mail again later', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['09:00']);
    const patient = await server.createUser('paciente', { nombre: 'Núria', apellido1: 'Roca' });
    smtp.refuse = true;
    try {
      await book(server, patient, doctor, '09:00');
    } finally {
      smtp.refuse = false;
    }
    expect(mailsTo(doctor.correo)).toHaveLength(0);
    expect(await sendRequestNotices(server.app, findAppointmentMailRows, new Date('2026-03-02T08:10:00Z'))).toMatchObject({ sent: 1 });
    expect(mailsTo(doctor.correo)[0]?.text).toContain('Núria Roca ha pedido una cita contigo.');
  });
});

/** Row locks exist only on PostgreSQL (SQLite has one writer). */
describe.each(DATABASES.filter((kind) => kind === 'postgres'))('claiming notices on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0', REQUEST_NOTICE_MINUTES: '5' } });

  it('never waits for a notice another transaction holds: it sends the rest, and the held one later', async () => {
    const doctor = await threeRequestsInAWindow(server);
    const pending = await server.database.db
      .selectFrom('avisos_solicitud')
      .select('id_aviso')
      .where('id_doctor', '=', doctor.id_doctor as number)
      .where('estado', '=', 'pendiente')
      .orderBy('id_aviso')
      .execute();
    expect(pending).toHaveLength(2);

    // Another transaction (a claim or a booking of another instance) holds the newest notice.
    const at = new Date('2026-03-02T08:06:00Z');
    const run = await server.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('avisos_solicitud').select('id_aviso').where('id_aviso', '=', pending[1]?.id_aviso as number).forUpdate().execute();
      const timeout = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000).unref());
      return Promise.race([sendRequestNotices(server.app, findAppointmentMailRows, at), timeout]);
    });
    expect(run).toMatchObject({ sent: 1 });
    expect(mailsTo(doctor.correo).at(-1)?.text).toContain('ha pedido una cita contigo.');
    expect(await sendRequestNotices(server.app, findAppointmentMailRows, new Date('2026-03-02T08:12:00Z'))).toMatchObject({ sent: 1 });
    expect(mailsTo(doctor.correo)).toHaveLength(3);
  });
});
