import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { openSlots, setLanguage } from '../../testing/appointments.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';
import { findAppointmentMailRows } from '../appointments/appointment-reads.repository.ts';
import { claimDueNotices } from './notices.repository.ts';
import { NOTICE_CLAIM_MINUTES, recordVisitChange, runDueNotices } from './notices.service.ts';

const smtp = await useSmtpServer();

// Monday 2026-03-02, 09:00 in Madrid; the visits are on Wednesday and Thursday.
const START = '2026-03-02T08:00:00Z';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';

const mailsTo = (address: string) => smtp.messages.filter((message) => message.to.includes(address)).map((message) => parseMail(message.raw));

/** The calendar entry of an e-mail, read by a third-party iCalendar parser. */
function calendarOf(mail: ReturnType<typeof parseMail>) {
  const attachment = mail.attachments.find((part) => part.filename === 'cita.ics');
  expect(attachment).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment?.body ?? ''));
  const event = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    organizer: event.getFirstPropertyValue('organizer'),
    attendee: event.getFirstPropertyValue('attendee'),
  };
}

describe.each(DATABASES)('notices of a visit on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });

  async function bookedVisit(patient: TestUser, doctor: TestUser, hora = '10:00') {
    const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora, motivo: 'Revisión', recordatorio: false },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await server.app.mailer.settled();
    return response.body.id_cita;
  }

  /** At START, a new patient's visit with a new doctor on Wednesday at `hora`, its request's e-mails sent. */
  async function visitOnWednesday(hora: string) {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, [hora]);
    const patient = await server.createUser('paciente');
    return { patient, id_cita: await bookedVisit(patient, doctor, hora) };
  }

  it('tells the patient of each change in their language, with one calendar entry whose SEQUENCE grows, and CANCEL at the end', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00']);
    await openSlots(server, doctor.id_doctor as number, THURSDAY, ['11:00']);
    const patient = await server.createUser('paciente', { nombre: 'Alice', apellido1: 'Brown' });
    await setLanguage(server, patient.id_usuario, 'en');
    const desk = await server.createUser('recepcion');

    const id_cita = await bookedVisit(patient, doctor);
    const [requested] = mailsTo(patient.correo);
    expect(requested?.subject).toBe('We have received your appointment request: Wednesday, 4 March 2026 at 10:00');
    const first = calendarOf(requested as ReturnType<typeof parseMail>);
    expect(first).toMatchObject({ method: 'REQUEST', uid: `cita-${id_cita}@clinica.example`, status: 'TENTATIVE' });
    expect((await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);
    await server.app.mailer.settled();
    const confirmed = mailsTo(patient.correo)[1] as ReturnType<typeof parseMail>;
    expect(confirmed.subject).toBe('Appointment confirmed: Wednesday, 4 March 2026 at 10:00');
    expect(confirmed.text).toContain('Hello Alice,');
    expect(confirmed.text).toContain('Pere Puig has confirmed your appointment at Galeno Centro Médico.');
    expect(confirmed.text).toContain('Doctor: Pere Puig');
    expect(confirmed.text).toMatch(/- I will be there: https:\/\/clinica\.example\/enlace\?token=\d+\.confirmar\.\d+\.[A-Za-z0-9_-]{43}\r?\n/);
    expect(confirmed.text).toContain('Phone: ');
    const second = calendarOf(confirmed);
    expect(second).toMatchObject({ method: 'REQUEST', uid: first.uid, status: 'CONFIRMED', start: '2026-03-04T09:00:00.000Z' });
    expect(second.sequence).toBeGreaterThan(first.sequence);
    expect(String(second.attendee)).toBe(`mailto:${patient.correo}`);

    // The desk moves it: the patient reads that the clinic did, and from when.
    const slots = await server.database.db.selectFrom('agenda').select(['id_agenda', 'fecha']).where('id_doctor', '=', doctor.id_doctor as number).execute();
    const from = slots.find((slot) => slot.fecha === WEDNESDAY)?.id_agenda;
    const to = slots.find((slot) => slot.fecha === THURSDAY)?.id_agenda;
    const moved = await server.request('POST', `/api/recepcion/citas/${id_cita}/mover`, { token: desk.token, body: { id_agenda: to, desde_agenda: from } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await server.app.mailer.settled();
    const movedMail = mailsTo(patient.correo)[2] as ReturnType<typeof parseMail>;
    expect(movedMail.subject).toBe('Your appointment has a new time: Thursday, 5 March 2026 at 11:00');
    expect(movedMail.text).toContain('Galeno Centro Médico moved your appointment of Wednesday, 4 March 2026 at 10:00 to this time:');
    const third = calendarOf(movedMail);
    expect(third).toMatchObject({ method: 'REQUEST', uid: second.uid, start: '2026-03-05T10:00:00.000Z' });
    expect(third.sequence).toBeGreaterThan(second.sequence);

    // The desk cancels it: the clinic did, not the doctor, and its reason is a plain line.
    const cancelled = await server.request('POST', `/api/recepcion/citas/${id_cita}/cancelar`, {
      token: desk.token,
      body: { motivo: 'El doctor está de baja; ver https://evil.example' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await server.app.mailer.settled();
    const cancelMail = mailsTo(patient.correo)[3] as ReturnType<typeof parseMail>;
    expect(cancelMail.subject).toBe('Appointment cancelled: Thursday, 5 March 2026 at 11:00');
    expect(cancelMail.text).toContain('Galeno Centro Médico cancelled your appointment.');
    expect(cancelMail.text).not.toContain('Pere Puig cancelled');
    expect(cancelMail.text).toContain('Reason: “El doctor está de baja; ver https: evil․example”');
    const fourth = calendarOf(cancelMail);
    expect(fourth).toMatchObject({ method: 'CANCEL', uid: second.uid, status: 'CANCELLED' });
    expect(fourth.sequence).toBeGreaterThan(third.sequence);
    expect(mailsTo(patient.correo)).toHaveLength(4);

    const rows = await server.database.db.selectFrom('notificaciones').selectAll().where('id_cita', '=', id_cita).orderBy('id_notificacion').execute();
    expect(rows.filter((row) => row.tipo !== 'recordatorio').map((row) => [row.tipo, row.estado, row.canal])).toEqual([
      ['solicitada', 'enviado', 'email'],
      ['confirmada', 'enviado', 'email'],
      ['cambiada', 'enviado', 'email'],
      ['cancelada', 'enviado', 'email'],
    ]);
    // Each change planned the visit's reminders again; the cancellation dropped the last ones.
    expect(rows.filter((row) => row.tipo === 'recordatorio').every((row) => row.estado === 'cancelado')).toBe(true);
  });

  it('tells the patient of a rejection with its reason, and the doctor when a patient cancels a visit of the next 48 hours', async () => {
    server.clock.set('2026-03-03T08:00:00Z');
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00', '11:00']);
    const patient = await server.createUser('paciente', { nombre: 'Marta', apellido1: 'Vila' });
    const rejected = await bookedVisit(patient, doctor, '10:00');
    expect((await server.request('PUT', `/api/agenda/citas/${rejected}`, { token: doctor.token, body: { estado: 'Cancelada', motivo: 'Agenda llena' } })).status).toBe(200);
    await server.app.mailer.settled();
    // Notices of one visit may leave in one sweep: each is found by what it says.
    const rejection = mailsTo(patient.correo).find((mail) => mail.subject.startsWith('Solicitud de cita rechazada'));
    expect(rejection?.subject).toBe('Solicitud de cita rechazada: miércoles, 4 de marzo de 2026 a las 10:00');
    expect(rejection?.text).toContain('Motivo: «Agenda llena»');
    expect(calendarOf(rejection as ReturnType<typeof parseMail>).method).toBe('CANCEL');

    const own = await bookedVisit(patient, doctor, '11:00');
    const before = mailsTo(doctor.correo).length;
    expect((await server.request('PUT', `/api/citas/${own}/cancelar`, { token: patient.token })).status).toBe(200);
    await server.app.mailer.settled();
    const cancellation = mailsTo(patient.correo).find((mail) => mail.subject.startsWith('Cita cancelada'));
    expect(cancellation?.subject).toBe('Cita cancelada: miércoles, 4 de marzo de 2026 a las 11:00');
    expect(cancellation?.text).toContain('Has cancelado tu cita.');
    const toDoctor = mailsTo(doctor.correo).slice(before);
    expect(toDoctor.map((mail) => mail.subject)).toEqual(['Un paciente ha cancelado su cita: miércoles, 4 de marzo de 2026 a las 11:00']);
    expect(toDoctor[0]?.text).toContain('Hola, Pere:');
    expect(toDoctor[0]?.text).toContain('Marta Vila ha cancelado su cita contigo.');
    // And the doctor's home lists it; nobody else reads the doctor's notices.
    const home = await server.request<{ tipo: string; paciente: string; fecha: string; hora: string }[]>('GET', '/api/medico/avisos', { token: doctor.token });
    expect(home.status).toBe(200);
    expect(home.body).toEqual([expect.objectContaining({ tipo: 'doctor_cancelada', paciente: 'Marta Vila', fecha: WEDNESDAY, hora: '11:00' })]);
    expect((await server.request('GET', '/api/medico/avisos', { token: patient.token })).status).toBe(403);
  });

  it('sends each notice exactly once when a worker dies holding some and two workers share the rest', async () => {
    const { patient, id_cita } = await visitOnWednesday('12:00');
    const before = mailsTo(patient.correo).length;
    await server.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 8; i += 1) await recordVisitChange(server.app, trx, findAppointmentMailRows, id_cita, { tipo: 'confirmada' });
    });
    const now = new Date(START);
    // A worker claims three and dies before sending them.
    const lease = new Date(now.getTime() + NOTICE_CLAIM_MINUTES * 60_000).toISOString();
    const dead = await claimDueNotices(server.database.db, server.database.dialect, now.toISOString(), lease, 3);
    expect(dead).toHaveLength(3);
    const runs = await Promise.all([runDueNotices(server.app, now), runDueNotices(server.app, now)]);
    expect(runs[0].sent + runs[1].sent).toBe(5);
    expect(mailsTo(patient.correo).length - before).toBe(5);
    // Its lease over, the dead worker's notices go, once.
    const later = new Date(now.getTime() + (NOTICE_CLAIM_MINUTES + 1) * 60_000);
    expect((await runDueNotices(server.app, later)).sent).toBe(3);
    expect((await runDueNotices(server.app, later)).sent).toBe(0);
    const mails = mailsTo(patient.correo).slice(before);
    expect(mails).toHaveLength(8);
    const ids = mails.map((mail) => mail.headers.get('message-id'));
    expect(new Set(ids).size).toBe(8);
    const states = await server.database.db.selectFrom('notificaciones').select(['estado']).where('id_cita', '=', id_cita).where('tipo', '=', 'confirmada').execute();
    expect(states.every((row) => row.estado === 'enviado')).toBe(true);
  });

  it('retries a notice the mail server refused, later, and records it sent', async () => {
    const { patient, id_cita } = await visitOnWednesday('13:00');
    const acknowledged = mailsTo(patient.correo).length;
    await recordVisitChange(server.app, server.database.db, findAppointmentMailRows, id_cita, { tipo: 'confirmada' });
    smtp.refuse = true;
    try {
      expect(await runDueNotices(server.app, new Date(START))).toMatchObject({ sent: 0, retrying: 1 });
    } finally {
      smtp.refuse = false;
    }
    const row = () =>
      server.database.db.selectFrom('notificaciones').selectAll().where('id_cita', '=', id_cita).where('tipo', '=', 'confirmada').executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ estado: 'pendiente', intentos: 1, reservado_hasta: null });
    expect(mailsTo(patient.correo)).toHaveLength(acknowledged);
    expect((await runDueNotices(server.app, new Date(START))).sent).toBe(0);
    const retry = new Date(new Date(START).getTime() + NOTICE_CLAIM_MINUTES * 60_000);
    expect((await runDueNotices(server.app, retry)).sent).toBe(1);
    expect(await row()).toMatchObject({ estado: 'enviado', intentos: 2 });
    expect(mailsTo(patient.correo)).toHaveLength(acknowledged + 1);
  });
});

describe.each(DATABASES)('the list of what was sent about a visit on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' } });

  it('shows the desk, the doctor and the patient each message, its channel and what became of it; nobody else', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00']);
    const patient = await server.createUser('paciente');
    const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora: '10:00', motivo: 'Revisión', recordatorio: false },
    });
    const id_cita = response.body.id_cita;
    await server.app.mailer.settled();
    expect((await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);
    await server.app.mailer.settled();
    const desk = await server.createUser('recepcion');
    for (const caller of [desk, doctor, patient]) {
      const list = await server.request<{ tipo: string; canal: string; estado: string; destinatario: string; enviado_en: string | null }[]>(
        'GET',
        `/api/citas/${id_cita}/avisos`,
        { token: caller.token },
      );
      expect(list.status).toBe(200);
      expect(list.body.filter((item) => item.tipo !== 'recordatorio').map((item) => [item.tipo, item.canal, item.destinatario, item.estado])).toEqual([
        ['solicitada', 'email', 'paciente', 'enviado'],
        ['confirmada', 'email', 'paciente', 'enviado'],
      ]);
      // And the reminder waiting to go, planned again at the confirmation.
      expect(list.body.filter((item) => item.tipo === 'recordatorio' && item.estado === 'pendiente').map((item) => item.canal)).toEqual(['email']);
      expect(list.body[0]?.enviado_en).toBe(START.replace('Z', '.000Z'));
      expect(JSON.stringify(list.body)).not.toContain(patient.correo);
    }
    const stranger = await server.createUser('paciente');
    expect((await server.request('GET', `/api/citas/${id_cita}/avisos`, { token: stranger.token })).status).toBe(403);
  });
});
