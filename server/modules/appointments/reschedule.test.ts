import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addAppointment } from '../../testing/patients.ts';
import { openSlots, slotEstado } from '../../testing/appointments.ts';
import { outboxMailsTo } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';
import { runDueNotices } from '../notices/notices.service.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid.
const DAY = '2026-03-10';
const OTHER_DAY = '2026-03-11';

type Answer = { id_cita: number; estado: string; fecha: string; hora: string; code?: string; detail?: string };

describe.each(DATABASES)('rescheduling a visit on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });
  const db = () => server.database.db;

  async function doctorWithSlots(horas = ['10:00', '10:30', '11:00', '11:30'], days = [DAY, OTHER_DAY]) {
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    for (const fecha of days) await openSlots(server, doctor.id_doctor as number, fecha, horas);
    return doctor;
  }
  async function book(patient: TestUser, doctor: TestUser, fecha: string, hora: string, recordatorio = true) {
    const response = await server.request<Answer>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha, hora, motivo: 'Dolor de espalda', recordatorio },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id_cita;
  }
  const move = (patient: TestUser, id_cita: number, fecha: string, hora: string, language = 'es') =>
    server.request<Answer>('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha, hora }, headers: { 'accept-language': language } });
  const cita = (id_cita: number) =>
    db().selectFrom('citas').select(['id_agenda', 'fecha', 'hora', 'estado', 'secuencia']).where('id_cita', '=', id_cita).executeTakeFirstOrThrow();

  it('moves a confirmed visit in one step: new slot taken, old one free, pending again, reminder moved, doctor told', async () => {
    const doctor = await doctorWithSlots();
    const patient = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'García' });
    const id_cita = await book(patient, doctor, DAY, '10:00');
    const accepted = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
    expect(accepted.status).toBe(200);
    expect(await db().selectFrom('consultas').select('id_consulta').where('id_cita', '=', id_cita).execute()).toHaveLength(1);
    const before = await cita(id_cita);

    const moved = await move(patient, id_cita, OTHER_DAY, '11:30');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toEqual({ id_cita, id_doctor: doctor.id_doctor, fecha: OTHER_DAY, hora: '11:30', estado: 'pendiente' });

    const after = await cita(id_cita);
    expect(after).toMatchObject({ fecha: OTHER_DAY, hora: '11:30', estado: 'pendiente' });
    expect(after.secuencia).toBeGreaterThan(before.secuencia);
    expect(await slotEstado(server, doctor.id_doctor as number, DAY, '10:00')).toBe('Disponible');
    expect(await slotEstado(server, doctor.id_doctor as number, OTHER_DAY, '11:30')).toBe('Reservado');
    // The visit waits for the doctor again; its consultation moved with it (nothing the doctor wrote is lost).
    expect(await db().selectFrom('consultas').select(['fecha', 'hora']).where('id_cita', '=', id_cita).execute()).toEqual([{ fecha: OTHER_DAY, hora: '11:30' }]);
    // The reminder follows the visit (the plan's e-mail two days before 11:30 Madrid on the 11th =
    // 10:30 UTC on the 9th); the one of the old time is dropped.
    const reminders = await db()
      .selectFrom('notificaciones')
      .select(['estado', 'enviar_en'])
      .where('id_cita', '=', id_cita)
      .where('tipo', '=', 'recordatorio')
      .where('estado', '=', 'pendiente')
      .execute();
    expect(reminders).toEqual([{ estado: 'pendiente', enviar_en: '2026-03-09T10:30:00.000Z' }]);

    // The doctor is told, with the old and the new time; the patient's reason stays in the app.
    await server.app.mailer.settled();
    const mails = outboxMailsTo(server, doctor.correo).filter((mail) => mail.subject.startsWith('Un paciente ha cambiado'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Un paciente ha cambiado su cita: miércoles, 11 de marzo de 2026 a las 11:30');
    // The name reads as a name: inert, not in quotation marks.
    expect(mails[0]?.text).toContain('Ana García ha cambiado su cita del martes, 10 de marzo de 2026 a las 10:00 a esta hora:');
    expect(mails[0]?.text).not.toContain('“');
    expect(mails[0]?.text).toContain('https://clinica.example/agenda-doctor');
    expect(mails[0]?.text).not.toContain('Dolor de espalda');

    // The patient's calendar file is the same event (same UID) with a higher SEQUENCE, parsed by ical.js.
    const ics = await server.request<string>('GET', `/api/citas/${id_cita}/ics`, { token: patient.token });
    expect(ics.status).toBe(200);
    const event = new ICAL.Component(ICAL.parse(String(ics.body))).getFirstSubcomponent('vevent');
    expect(event?.getFirstPropertyValue('uid')).toBe(`cita-${id_cita}@clinica.example`);
    expect(Number(event?.getFirstPropertyValue('sequence'))).toBe(after.secuencia);
    expect(event?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect((event?.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2026-03-11T10:30:00.000Z');

    // The reminder goes at its new time, and its calendar attachment (ical.js) is the moved visit.
    await runDueNotices(server.app, new Date('2026-03-09T10:31:00Z'));
    await server.app.mailer.settled();
    const reminder = outboxMailsTo(server, patient.correo).find((mail) => mail.subject.startsWith('Recordatorio'));
    const attached = reminder?.attachments.find((part) => part.filename === 'cita.ics');
    expect(attached).toBeDefined();
    const reminderEvent = new ICAL.Component(ICAL.parse(attached?.body ?? '')).getFirstSubcomponent('vevent');
    expect(reminderEvent?.getFirstPropertyValue('uid')).toBe(`cita-${id_cita}@clinica.example`);
    expect((reminderEvent?.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2026-03-11T10:30:00.000Z');
    expect(Number(reminderEvent?.getFirstPropertyValue('sequence'))).toBe(after.secuencia);

    // The availability grid shows the new time as the patient's request and the old one free.
    const grid = await server.request<{ fecha: string; hora_inicio: string; tipo: string; mia?: string }[]>(
      'GET',
      `/api/citas/agenda-disponible/${doctor.id_doctor}?desde=${DAY}&dias=2`,
      { token: patient.token },
    );
    expect(grid.body.find((s) => s.fecha === DAY && s.hora_inicio === '10:00')?.tipo).toBe('Disponible');
    expect(grid.body.find((s) => s.fecha === OTHER_DAY && s.hora_inicio === '11:30')?.mia).toBe('pendiente');
  });

  it('refuses with a clear detail and changes nothing: taken, blocked, unknown, past or cancelled visits, someone else’s', async () => {
    const doctor = await doctorWithSlots();
    const id_doctor = doctor.id_doctor as number;
    await openSlots(server, id_doctor, DAY, ['12:00'], { tipo: 'Bloqueo', estado: 'Bloqueado' });
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    const id_cita = await book(patient, doctor, DAY, '10:00');
    await book(other, doctor, DAY, '10:30');
    const before = await cita(id_cita);

    const taken = await move(patient, id_cita, DAY, '10:30');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'hueco_ocupado', detail: 'Esa hora ya está reservada por otro paciente. Elige otra.' });
    expect((await move(patient, id_cita, DAY, '12:00')).body).toMatchObject({ code: 'hueco_bloqueado' });
    expect((await move(patient, id_cita, DAY, '13:00')).status).toBe(404);
    expect((await move(patient, id_cita, DAY, '10:00')).body).toMatchObject({
      code: 'cita_misma_hora',
      detail: 'Tu cita ya es a esa hora. Elige otra si quieres cambiarla.',
    });
    const past = await move(patient, id_cita, '2026-03-02', '08:00');
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('cita_pasada');
    // Someone else's visit: 403, and nothing moves.
    const theirs = await move(other, id_cita, DAY, '11:00');
    expect(theirs.status).toBe(403);
    expect(await cita(id_cita)).toEqual(before);
    expect(await slotEstado(server, id_doctor, DAY, '11:00')).toBe('Disponible');

    // A visit that has passed, or was cancelled: 409 with the reason in words.
    const old = await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor, fecha: '2026-02-27', hora: '10:00', estado: 'Confirmada' });
    const passed = await move(patient, old, DAY, '11:00', 'en');
    expect(passed.status).toBe(409);
    expect(passed.body).toMatchObject({ code: 'cita_pasada_no_modificable', detail: 'An appointment that has already passed cannot be moved.' });
    expect((await server.request('PUT', `/api/citas/${id_cita}/cancelar`, { token: patient.token })).status).toBe(200);
    const cancelled = await move(patient, id_cita, DAY, '11:00');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toMatchObject({
      code: 'cita_cancelada_no_modificable',
      detail: 'No se puede cambiar la hora de una cita cancelada o rechazada: pide una cita nueva.',
    });
    expect(await slotEstado(server, id_doctor, DAY, '11:00')).toBe('Disponible');
    expect((await move(patient, 999_999, DAY, '11:00')).status).toBe(404);
  });

  it('keeps the booking caps without counting the moved visit twice', async () => {
    const doctor = await doctorWithSlots(['10:00', '10:30', '11:00'], ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', DAY]);
    const patient = await server.createUser('paciente');
    // Four active visits: the most allowed. Moving one is still fine.
    const ids: number[] = [];
    for (const fecha of ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) ids.push(await book(patient, doctor, fecha, '10:00', false));
    const first = ids[0] as number;
    expect((await move(patient, first, '2026-03-03', '10:30')).status).toBe(200); // same doctor, same day
    expect((await move(patient, first, DAY, '10:00')).status).toBe(200); // a free day
    // Onto a day where the patient already sees this doctor: one visit per doctor and day.
    const twice = await move(patient, first, '2026-03-04', '11:00');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('limite_citas_doctor_dia');
    expect(await cita(first)).toMatchObject({ fecha: DAY, hora: '10:00' });
    expect(await db().selectFrom('citas').select('id_cita').where('id_paciente', '=', patient.id_paciente as number).where('estado', '<>', 'Cancelada').execute()).toHaveLength(4);

    // Over the cap (a doctor gave a fifth visit): no new booking, but a move keeps the count and is fine.
    await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number, fecha: '2026-03-09', hora: '12:00', estado: 'Confirmada' });
    const booked = await server.request<Answer>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-06', hora: '11:00', motivo: 'Otra', recordatorio: false },
    });
    expect(booked.body.code).toBe('limite_citas_activas');
    expect((await move(patient, ids[1] as number, '2026-03-04', '10:30')).status).toBe(200);
  });

  it('a race for one free slot has exactly one winner, and the loser keeps their visit', async () => {
    const doctor = await doctorWithSlots(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30']);
    const id_doctor = doctor.id_doctor as number;
    for (const [round, target] of ['12:00', '12:30'].entries()) {
      const patients = [await server.createUser('paciente'), await server.createUser('paciente'), await server.createUser('paciente')];
      const visits: number[] = [];
      for (const [index, patient] of patients.entries()) visits.push(await book(patient, doctor, round === 0 ? DAY : OTHER_DAY, ['10:00', '10:30', '11:00'][index] as string, false));
      const answers = await Promise.all(patients.map((patient, index) => move(patient, visits[index] as number, DAY, target)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const onTarget = await db()
        .selectFrom('citas as c')
        .innerJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
        .select('c.id_cita')
        .where('a.id_doctor', '=', id_doctor)
        .where('a.fecha', '=', DAY)
        .where('a.hora_inicio', '=', target)
        .where('c.estado', '<>', 'Cancelada')
        .execute();
      expect(onTarget.map((row) => row.id_cita)).toEqual([visits[winner]]);
      for (const [index, id_cita] of visits.entries()) {
        if (index === winner) continue;
        const loser = await cita(id_cita);
        expect(loser.estado).toBe('pendiente');
        expect(await slotEstado(server, id_doctor, loser.fecha, loser.hora)).toBe('Reservado');
      }
    }
    // A move and a new booking racing for one slot: one winner too.
    const mover = await server.createUser('paciente');
    const booker = await server.createUser('paciente');
    const id_cita = await book(mover, doctor, OTHER_DAY, '12:00', false);
    const [moved, booked] = await Promise.all([
      move(mover, id_cita, OTHER_DAY, '12:30'),
      server.request('POST', '/api/citas', { token: booker.token, body: { id_doctor, fecha: OTHER_DAY, hora: '12:30', motivo: 'Tos', recordatorio: false } }),
    ]);
    expect([moved.status === 200, booked.status === 201].filter(Boolean)).toHaveLength(1);
    expect([moved.status, booked.status]).toContain(409);
    expect(await slotEstado(server, id_doctor, OTHER_DAY, '12:00')).toBe(moved.status === 200 ? 'Disponible' : 'Reservado');
  });

  it('a visit the doctor assigned keeps its type and the doctor’s notes when the patient moves it', async () => {
    const doctor = await doctorWithSlots();
    const patient = await server.createUser('paciente');
    const assigned = await server.request<{ id_consulta: number; id_cita: number }>('POST', '/api/consultas', {
      token: doctor.token,
      body: { pacienteId: patient.id_usuario, fecha: DAY, hora: '10:00', motivo: 'Control de tensión', tipo: 'Revisión', descripcion: 'Traer registros de casa' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    const consultation = await db().selectFrom('consultas').select(['id_consulta', 'id_cita']).where('id_consulta', '=', assigned.body.id_consulta).executeTakeFirstOrThrow();
    const id_cita = consultation.id_cita as number;

    const moved = await move(patient, id_cita, OTHER_DAY, '11:00');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await db().selectFrom('consultas').select(['id_consulta', 'tipo', 'descripcion', 'fecha', 'hora', 'motivo']).where('id_cita', '=', id_cita).execute();
    expect(after).toEqual([
      { id_consulta: consultation.id_consulta, tipo: 'Revisión', descripcion: 'Traer registros de casa', fecha: OTHER_DAY, hora: '11:00', motivo: 'Control de tensión' },
    ]);
    // The doctor still answers the new time; confirming keeps the same consultation.
    expect((await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);
    expect(await db().selectFrom('consultas').select(['id_consulta', 'tipo']).where('id_cita', '=', id_cita).execute()).toEqual([
      { id_consulta: consultation.id_consulta, tipo: 'Revisión' },
    ]);
  });
});
