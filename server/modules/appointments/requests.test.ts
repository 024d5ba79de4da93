import { describe, expect, it } from 'vitest';
import type { SolicitudBandeja } from '../../../contracts/agenda.ts';
import type { Disponibilidad } from '../../../contracts/appointments.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { myVisits, openSlots, setLanguage } from '../../testing/appointments.ts';
import { outboxMailsTo } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid.
const START = '2026-03-02T08:00:00Z';

async function book(server: TestServer, patient: TestUser, doctor: TestUser, fecha: string, hora: string, motivo = 'Dolor de espalda') {
  const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor: doctor.id_doctor, fecha, hora, motivo, recordatorio: false },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id_cita;
}

const answer = (server: TestServer, doctor: TestUser, id_cita: number, body: unknown) =>
  server.request<{ id_cita: number; estado: string; detail?: string }>('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body });

describe.each(DATABASES)('requests and answers on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });

  it("lists in the inbox every pending request still to come of the caller, any day, oldest request first", async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    const otherDoctor = await server.createUser('doctor');
    const id_doctor = doctor.id_doctor as number;
    await openSlots(server, id_doctor, '2026-04-02', ['10:00']);
    await openSlots(server, id_doctor, '2026-03-10', ['10:00', '11:00', '12:00']);
    await openSlots(server, id_doctor, '2026-03-05', ['10:00']);
    await openSlots(server, id_doctor, '2026-03-02', ['08:30']);
    await openSlots(server, otherDoctor.id_doctor as number, '2026-03-05', ['10:00']);
    const patients = await Promise.all([1, 2, 3, 4, 5].map(() => server.createUser('paciente', { nombre: 'Lucía' })));
    const [p1, p2, p3, p4, p5] = patients as [TestUser, TestUser, TestUser, TestUser, TestUser];

    // Asked in this order, one minute apart: the far day first.
    const april = await book(server, p1, doctor, '2026-04-02', '10:00');
    server.clock.set('2026-03-02T08:01:00Z');
    const tenth = await book(server, p2, doctor, '2026-03-10', '11:00');
    server.clock.set('2026-03-02T08:02:00Z');
    const fifth = await book(server, p3, doctor, '2026-03-05', '10:00');
    server.clock.set('2026-03-02T08:03:00Z');
    const confirmed = await book(server, p4, doctor, '2026-03-10', '10:00');
    expect((await answer(server, doctor, confirmed, { estado: 'Confirmada' })).status).toBe(200);
    const tenthLater = await book(server, p5, doctor, '2026-03-10', '12:00');
    // Another doctor's request, and a request whose time has already passed, are not in the inbox.
    await book(server, p4, otherDoctor, '2026-03-05', '10:00');
    await bookSlot(server, p5, doctor, '2026-03-02', '08:30');

    const inbox = await server.request<SolicitudBandeja[]>('GET', '/api/agenda/solicitudes', { token: doctor.token });
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('x-total-count')).toBe('4');
    expect(inbox.body.map((request) => request.id_cita)).toEqual([april, tenth, fifth, tenthLater]);
    expect(inbox.body[0]).toEqual({
      id_cita: april,
      id_paciente: p1.id_paciente,
      paciente: expect.stringContaining('Lucía'),
      fecha: '2026-04-02',
      hora: '10:00',
      motivo: 'Dolor de espalda',
      estado: 'pendiente',
      creado_en: START.replace('Z', '.000Z'),
      no_presentados: 0,
    });
    const page = await server.request<SolicitudBandeja[]>('GET', '/api/agenda/solicitudes?pagina=2&por_pagina=3', { token: doctor.token });
    expect(page.body.map((request) => request.id_cita)).toEqual([tenthLater]);
    expect(page.headers.get('x-total-count')).toBe('4');
    const others = await server.request<SolicitudBandeja[]>('GET', '/api/agenda/solicitudes', { token: otherDoctor.token });
    expect(others.body).toHaveLength(1);
    expect((await server.request('GET', '/api/agenda/solicitudes?por_pagina=0', { token: doctor.token })).status).toBe(400);

    // Per-day counts of a month (every pending request of the day, as the day's list shows them).
    const counts = await server.request('GET', '/api/agenda/solicitudes-por-dia?anio=2026&mes=3', { token: doctor.token });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual([
      { dia: 2, solicitudes: 1 },
      { dia: 5, solicitudes: 1 },
      { dia: 10, solicitudes: 2 },
    ]);
    const days = await server.request('GET', '/api/agenda/solicitudes-pendientes?anio=2026&mes=3', { token: doctor.token });
    expect(days.body).toEqual([2, 5, 10]);
    const notYours = await server.request('GET', `/api/agenda/solicitudes-por-dia?anio=2026&mes=3&id_doctor=${id_doctor}`, {
      token: otherDoctor.token,
    });
    expect(notYours.status).toBe(403);

    // Answered requests leave the inbox.
    expect((await answer(server, doctor, april, { estado: 'Confirmada' })).status).toBe(200);
    const after = await server.request<SolicitudBandeja[]>('GET', '/api/agenda/solicitudes', { token: doctor.token });
    expect(after.body.map((request) => request.id_cita)).toEqual([tenth, fifth, tenthLater]);
  });

  it("keeps a rejection's reason, which the patient reads in the cancelled group and in an e-mail in their language", async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-11', ['09:00', '09:30']);
    const patient = await server.createUser('paciente', { nombre: 'Alice', apellido1: 'Brown' });
    await setLanguage(server, patient.id_usuario, 'en');
    const id_cita = await book(server, patient, doctor, '2026-03-11', '09:00');

    // One line of at most 500 characters: longer, or with a line break or a control character, is refused.
    for (const [motivo, message] of [
      ['x'.repeat(501), 'El motivo puede tener como máximo 500 caracteres.'],
      ['Congreso\nmédico', 'El motivo debe ser una sola línea, sin saltos de línea ni caracteres de control.'],
      ['Congreso\rmédico', 'El motivo debe ser una sola línea, sin saltos de línea ni caracteres de control.'],
      ['Congreso\tmédico', 'El motivo debe ser una sola línea, sin saltos de línea ni caracteres de control.'],
      ['Congreso\u2028médico', 'El motivo debe ser una sola línea, sin saltos de línea ni caracteres de control.'],
      // A right-to-left override would show the number to call reversed; zero-width marks hide text.
      ['Llame al \u202E900 765 432\u202C', 'El texto no puede tener caracteres de control ni marcas invisibles.'],
      ['Congreso\u200Bmédico', 'El texto no puede tener caracteres de control ni marcas invisibles.'],
      [42, 'El valor no es válido.'],
    ] as const) {
      const refused = await answer(server, doctor, id_cita, { estado: 'Cancelada', motivo });
      expect(refused.status, String(motivo)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    // A field the answer does not have (a client's guess at the name) is refused, not dropped: the
    // request would have been declined without the reason the doctor wrote.
    const misnamed = await answer(server, doctor, id_cita, { estado: 'Cancelada', motivo_rechazo: 'Congreso' });
    expect(misnamed.status).toBe(400);
    expect(misnamed.body).toMatchObject({
      code: 'validacion',
      detail: 'Este campo no existe: revisa su nombre.',
      errores: [{ campo: 'motivo_rechazo', mensaje: 'Este campo no existe: revisa su nombre.' }],
    });
    expect((await myVisits(server, patient, 'proximas')).map((cita) => cita.estado)).toEqual(['pendiente']);

    const rejected = await answer(server, doctor, id_cita, { estado: 'Cancelada', motivo: '  I will be at a congress that day  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ id_cita, estado: 'Cancelada' });

    expect(await myVisits(server, patient, 'proximas')).toEqual([]);
    expect(await myVisits(server, patient, 'canceladas')).toEqual([
      expect.objectContaining({
        id_cita,
        estado: 'Cancelada',
        cancelable: false,
        cancelada_por: 'doctor',
        motivo_rechazo: 'I will be at a congress that day',
      }),
    ]);

    await server.app.mailer.settled();
    // The request's acknowledgement, then the answer.
    const mails = outboxMailsTo(server, patient.correo);
    expect(mails).toHaveLength(2);
    const mail = mails.find((one) => one.subject.startsWith('Appointment request declined'))!;
    expect(mail.subject).toBe('Appointment request declined: Wednesday, 11 March 2026 at 09:00');
    expect(mail.text).toContain('Hello Alice,');
    expect(mail.text).toContain('Pere Puig could not accept your appointment request.');
    expect(mail.text).toContain('Reason: “I will be at a congress that day”');
    expect(mail.text).toContain('You can book another time in “Book a visit”: https://clinica.example/pedir-cita');
    expect(mail.text).not.toContain('Dolor de espalda'); // the patient's own reason stays in the app

    // A reason of exactly 500 characters is kept; an empty one is none. Accepting takes no reason.
    const second = await book(server, patient, doctor, '2026-03-11', '09:30');
    const long = 'y'.repeat(500);
    expect((await answer(server, doctor, second, { estado: 'Cancelada', motivo: long })).status).toBe(200);
    const cancelled = await myVisits(server, patient, 'canceladas');
    expect(cancelled.find((cita) => cita.id_cita === second)?.motivo_rechazo).toBe(long);
    const third = await book(server, patient, doctor, '2026-03-11', '09:00');
    expect((await answer(server, doctor, third, { estado: 'Cancelada', motivo: '   ' })).status).toBe(200);
    const row = await server.database.db.selectFrom('citas').select(['motivo_rechazo', 'cancelada_por']).where('id_cita', '=', third).executeTakeFirstOrThrow();
    expect(row).toEqual({ motivo_rechazo: null, cancelada_por: 'doctor' });
  });

  it('writes the e-mail in Spanish or Catalan for those patients, the reason quoted on one line', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-12', ['09:00', '09:30']);
    const marta = await server.createUser('paciente', { nombre: 'Marta' });
    const jordi = await server.createUser('paciente', { nombre: 'Jordi' });
    await setLanguage(server, jordi.id_usuario, 'ca');
    const forMarta = await book(server, marta, doctor, '2026-03-12', '09:00');
    const forJordi = await book(server, jordi, doctor, '2026-03-12', '09:30');
    expect((await answer(server, doctor, forMarta, { estado: 'Cancelada', motivo: 'Vacaciones' })).status).toBe(200);
    expect((await answer(server, doctor, forJordi, { estado: 'Confirmada' })).status).toBe(200);
    expect((await answer(server, doctor, forJordi, { estado: 'Cancelada' })).status).toBe(200);
    await server.app.mailer.settled();

    // Several notices of one visit go out in one sweep: each is found by what it says, not by its place.
    const toMarta = outboxMailsTo(server, marta.correo).find((mail) => mail.subject.startsWith('Solicitud de cita rechazada'));
    expect(toMarta?.subject).toBe('Solicitud de cita rechazada: jueves, 12 de marzo de 2026 a las 09:00');
    expect(toMarta?.text).toContain('Motivo: «Vacaciones»');
    expect(toMarta?.text).toContain('https://clinica.example/pedir-cita');
    // Jordi heard of the confirmation, then of the doctor's cancelling it.
    const toJordiAll = outboxMailsTo(server, jordi.correo);
    expect(toJordiAll.map((mail) => mail.subject)).toContain('Cita confirmada: dijous, 12 de març del 2026 a les 09:30');
    const toJordi = toJordiAll.find((mail) => mail.subject.startsWith('Cita cancel·lada'));
    expect(toJordi?.subject).toBe('Cita cancel·lada: dijous, 12 de març del 2026 a les 09:30');
    expect(toJordi?.text).toContain('Pere Puig ha cancel·lat la teva cita.');
    expect(toJordi?.text).not.toContain('Motiu:');
    expect((await myVisits(server, jordi, 'canceladas'))[0]).toMatchObject({ cancelada_por: 'doctor', motivo_rechazo: null });
  });

  it("gives a patient their own visit as an .ics file, and nobody else's", async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, '2026-03-13', ['10:00']);
    const owner = await server.createUser('paciente');
    const intruder = await server.createUser('paciente');
    const id_cita = await book(server, owner, doctor, '2026-03-13', '10:00');

    const ics = await server.request<string>('GET', `/api/citas/${id_cita}/ics`, { token: owner.token, headers: { 'accept-language': 'en' } });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toContain('text/calendar');
    expect(ics.headers.get('content-disposition')).toBe(`attachment; filename="cita-${id_cita}.ics"`);
    expect(ics.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(ics.body).toContain('DTSTART:20260313T090000Z\r\n');
    expect(ics.body).toContain('DTEND:20260313T093000Z\r\n');
    expect(ics.body).toContain('STATUS:TENTATIVE\r\n');
    expect(ics.body).toContain('SUMMARY:Medical appointment with Pere Puig');

    const other = await server.request('GET', `/api/citas/${id_cita}/ics`, { token: intruder.token });
    expect(other.status).toBe(403);
    const missing = await server.request('GET', '/api/citas/999999/ics', { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'cita_no_encontrada', detail: 'La cita no existe.' });
    expect((await server.request('GET', `/api/citas/${id_cita}/ics`, { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', `/api/citas/${id_cita}/ics`)).status).toBe(401);
  });

  it("marks in the availability only the calling patient's own request and visit", async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, '2026-03-16', ['10:00', '10:30']);
    await openSlots(server, doctor.id_doctor as number, '2026-03-17', ['10:00', '10:30']);
    const ana = await server.createUser('paciente');
    const luis = await server.createUser('paciente');
    await book(server, ana, doctor, '2026-03-16', '10:00');
    const confirmed = await book(server, ana, doctor, '2026-03-17', '10:30');
    expect((await answer(server, doctor, confirmed, { estado: 'Confirmada' })).status).toBe(200);
    await book(server, luis, doctor, '2026-03-17', '10:00');
    const url = `/api/citas/agenda-disponible/${doctor.id_doctor}?desde=2026-03-16&dias=2`;
    const view = (slots: Disponibilidad[]) => slots.map((slot) => [slot.fecha.slice(8), slot.hora_inicio, slot.tipo, slot.mia]);

    const forAna = await server.request<Disponibilidad[]>('GET', url, { token: ana.token });
    expect(forAna.status).toBe(200);
    expect(view(forAna.body)).toEqual([
      ['16', '10:00', 'Reservado', 'pendiente'],
      ['16', '10:30', 'Disponible', undefined],
      ['17', '10:00', 'Reservado', undefined],
      ['17', '10:30', 'Reservado', 'Confirmada'],
    ]);
    const forLuis = await server.request<Disponibilidad[]>('GET', url, { token: luis.token });
    expect(forLuis.body.map((slot) => slot.mia)).toEqual([undefined, undefined, 'pendiente', undefined]);
    // The spec's fields stay as they were; `mia` is only there on the caller's own slots.
    expect(forLuis.body[0]).toEqual({ fecha: '2026-03-16', hora_inicio: '10:00', hora_fin: '10:30', tipo: 'Reservado' });
  });
});
