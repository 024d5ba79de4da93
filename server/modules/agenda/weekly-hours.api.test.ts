import { beforeEach, describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { AusenciaCreada, CitaAfectada, Franja, HorarioRespuesta } from '../../../contracts/weekly-hours.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/index.ts';
import { bookSlot, openDay } from '../../testing/agenda.ts';
import { parseMail, startSmtpServer } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { keepAgendasOpen } from './keep-open.ts';

// The test clock starts on Monday 2026-03-02 (09:00 in Madrid); 8 weeks run to Sunday 2026-04-26.
const range = (dia_semana: number, hora_inicio: string, hora_fin: string, duracion_min = 15): Franja => ({ dia_semana, hora_inicio, hora_fin, duracion_min });
const WEEK: Franja[] = [
  ...[1, 2, 3, 4].flatMap((day) => [range(day, '09:00', '14:00'), range(day, '16:00', '19:00')]),
  range(5, '09:00', '14:00'),
];
const smtp = await startSmtpServer();

const dayOf = async (server: TestServer, doctor: TestUser, fecha: string) => {
  const response = await server.request<Bloque[]>('GET', `/api/agenda?fecha=${fecha}`, { token: doctor.token });
  expect(response.status).toBe(200);
  return response.body;
};

const setHours = async (server: TestServer, user: TestUser, franjas: Franja[], extra: Record<string, unknown> = {}) => {
  const response = await server.request<HorarioRespuesta>('PUT', '/api/agenda/horario', { token: user.token, body: { franjas, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};

const slotCount = async (server: TestServer, id_doctor: number) =>
  Number(
    (
      await server.database.db
        .selectFrom('agenda')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id_doctor', '=', id_doctor)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DATABASES)('weekly hours and absences on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, AGENDA_FILL_POLL_SECONDS: '0', REMINDER_POLL_SECONDS: '0' } });
  // Patients book up to day 55, so the agenda is open the 8 weeks of AGENDA_WEEKS_AHEAD (the default 90 days would open 13).
  let admin: TestUser | undefined;
  beforeEach(async () => {
    admin ??= await server.createUser('admin');
    const rules = await server.request<Record<string, unknown>>('GET', '/api/clinica/reglas', { token: admin.token });
    const saved = await server.request('PUT', '/api/clinica/reglas', { token: admin.token, body: { ...rules.body, horizonte_dias: 55 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('lets a doctor and an admin set hours, and refuses other doctors and patients', async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const admin = await server.createUser('admin');
    const body = { franjas: [range(1, '09:00', '10:00')] };
    expect((await server.request('GET', '/api/agenda/horario')).status).toBe(401);
    expect((await server.request('PUT', '/api/agenda/horario', { body })).status).toBe(401);
    for (const [method, token] of [['GET', patient.token], ['PUT', patient.token]] as const) {
      expect((await server.request(method, '/api/agenda/horario', { token, body: method === 'PUT' ? body : undefined })).status).toBe(403);
    }
    const foreign = await server.request('PUT', '/api/agenda/horario', { token: other.token, body: { ...body, id_doctor: doctor.id_doctor } });
    expect(foreign.status).toBe(403);
    expect((await server.request('GET', `/api/agenda/horario?id_doctor=${doctor.id_doctor}`, { token: other.token })).status).toBe(403);
    const noDoctor = await server.request('GET', '/api/agenda/horario', { token: admin.token });
    expect(noDoctor.status).toBe(400);
    expect(noDoctor.body).toMatchObject({ code: 'doctor_requerido', detail: 'Indica el doctor.' });
    expect((await server.request('GET', '/api/agenda/horario?id_doctor=999999', { token: admin.token })).status).toBe(404);

    const empty = await server.request<HorarioRespuesta>('GET', '/api/agenda/horario', { token: doctor.token });
    expect(empty.body).toEqual({ id_doctor: doctor.id_doctor, vigente_desde: null, franjas: [], semanas_abiertas: 8 });
    const byAdmin = await setHours(server, admin, [range(2, '10:00', '11:00', 30)], { id_doctor: doctor.id_doctor });
    expect(byAdmin).toMatchObject({ id_doctor: doctor.id_doctor, vigente_desde: '2026-03-02', franjas: [range(2, '10:00', '11:00', 30)] });
    expect((await dayOf(server, doctor, '2026-03-03')).map((slot) => slot.hora_inicio)).toEqual(['10:00', '10:30']);
    const own = await server.request<HorarioRespuesta>('GET', '/api/agenda/horario', { token: doctor.token });
    expect(own.body.franjas).toEqual([range(2, '10:00', '11:00', 30)]);
  });

  it('refuses overlapping ranges, ranges without a slot and bad absences with clear messages', async () => {
    const doctor = await server.createUser('doctor');
    const cases: [unknown, string][] = [
      [{ franjas: [range(1, '09:00', '12:00'), range(1, '11:00', '13:00')] }, 'Dos franjas del mismo día se solapan.'],
      [{ franjas: [range(1, '09:00', '09:10', 15)] }, 'La franja es más corta que la duración de un hueco.'],
      [{ franjas: [range(8, '09:00', '10:00')] }, 'El valor no es válido.'],
      [{ franjas: [range(1, '10:00', '09:00')] }, 'La hora de fin debe ser posterior a la hora de inicio.'],
    ];
    for (const [body, message] of cases) {
      const response = await server.request<{ detail: string }>('PUT', '/api/agenda/horario', { token: doctor.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    // A range's misspelt field is refused by its place in the list, not dropped;
    // the hours are not saved.
    const misspelt = await server.request<{ errores: unknown[] }>('PUT', '/api/agenda/horario', {
      token: doctor.token,
      body: { franjas: [range(1, '09:00', '12:00'), { ...range(2, '09:00', '12:00'), duracion: 30 }] },
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.errores).toEqual([{ campo: 'franjas.1.duracion', mensaje: 'Este campo no existe: revisa su nombre.' }]);
    const saved = await server.request<{ franjas: unknown[] }>('GET', '/api/agenda/horario', { token: doctor.token });
    expect(saved.body.franjas).toEqual([]);
    const backwards = await server.request('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-10', fecha_fin: '2026-03-09', motivo: 'Congreso' },
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('La fecha de fin no puede ser anterior a la de inicio.');
    const past = await server.request('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-02-10', fecha_fin: '2026-02-11', motivo: 'Congreso' },
    });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'ausencia_pasada' });

    // A doctor without hours may start them whenever; new hours replacing some start at the latest
    // the day after the open window's last (2026-04-26): later, the days between would stay closed.
    const firstHours = await server.createUser('doctor');
    expect((await setHours(server, firstHours, WEEK, { vigente_desde: '2026-05-04' })).vigente_desde).toBe('2026-05-04');
    const late = await server.request<{ code: string; errores: unknown[] }>('PUT', '/api/agenda/horario', {
      token: firstHours.token,
      body: { franjas: WEEK, vigente_desde: '2026-04-28' },
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      code: 'horario_inicio_lejano',
      errores: [{ campo: 'vigente_desde', mensaje: 'El horario nuevo debe empezar, como muy tarde, el día siguiente al último que la agenda tiene abierto.' }],
    });
    expect((await setHours(server, firstHours, WEEK, { vigente_desde: '2026-04-27' })).vigente_desde).toBe('2026-04-27');
  });

  it('keeps the agenda open 8 weeks ahead without holidays, idempotently, extended day by day', async () => {
    const doctor = await server.createUser('doctor');
    await setHours(server, doctor, WEEK);
    expect(await dayOf(server, doctor, '2026-03-09')).toHaveLength(32);
    expect(await dayOf(server, doctor, '2026-03-13')).toHaveLength(20);
    expect(await dayOf(server, doctor, '2026-03-14')).toHaveLength(0);
    // Good Friday and Easter Monday (Catalonia) stay closed; the Thursday between is open.
    expect(await dayOf(server, doctor, '2026-04-03')).toHaveLength(0);
    expect(await dayOf(server, doctor, '2026-04-06')).toHaveLength(0);
    expect(await dayOf(server, doctor, '2026-04-02')).toHaveLength(32);
    expect(await dayOf(server, doctor, '2026-04-27')).toHaveLength(0);
    const id_doctor = doctor.id_doctor as number;
    const before = await slotCount(server, id_doctor);
    // 8 weeks: 4 x 32 + 20 a week, less Good Friday (20) and Easter Monday (32).
    expect(before).toBe(8 * (4 * 32 + 20) - 20 - 32);

    expect(await keepAgendasOpen(server.app, '2026-03-02', id_doctor)).toEqual({ doctores: 0, dias: 0, huecos: 0 });
    expect(await slotCount(server, id_doctor)).toBe(before);
    expect(await keepAgendasOpen(server.app, '2026-03-03', id_doctor)).toEqual({ doctores: 1, dias: 1, huecos: 32 });
    expect(await dayOf(server, doctor, '2026-04-27')).toHaveLength(32);
  });

  it('leaves days opened by hand alone and regenerates the others when the hours change, keeping booked slots', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, '2026-03-11', ['10:00', '10:30'], 30);
    await setHours(server, doctor, WEEK);
    expect((await dayOf(server, doctor, '2026-03-11')).map((slot) => slot.hora_inicio)).toEqual(['10:00', '10:30']);
    // Blocking a range on a generated day makes it the doctor's own day too.
    const blocked = await server.request('PUT', '/api/agenda/bloquear', {
      token: doctor.token,
      body: { fecha: '2026-03-12', hora_inicio: '09:00', hora_fin: '10:00', motivo: 'Reunión' },
    });
    expect(blocked.body).toEqual({ bloques_bloqueados: 4 });
    await bookSlot(server, patient, doctor, '2026-03-16', '09:00', { estado: 'Confirmada' });

    await setHours(server, doctor, [range(1, '10:00', '12:00', 30), range(4, '16:00', '17:00', 30)]);
    const monday = await dayOf(server, doctor, '2026-03-16');
    expect(monday.map((slot) => [slot.hora_inicio, slot.estado])).toEqual([
      ['09:00', 'Reservado'],
      ['10:00', 'Disponible'],
      ['10:30', 'Disponible'],
      ['11:00', 'Disponible'],
      ['11:30', 'Disponible'],
    ]);
    expect(await dayOf(server, doctor, '2026-03-17')).toHaveLength(0);
    expect((await dayOf(server, doctor, '2026-03-11')).map((slot) => slot.hora_inicio)).toEqual(['10:00', '10:30']);
    expect(await dayOf(server, doctor, '2026-03-12')).toHaveLength(32);
    expect((await dayOf(server, doctor, '2026-03-19')).map((slot) => slot.hora_inicio)).toEqual(['16:00', '16:30']);
  });

  it('closes free slots of an absence, lists the visits inside, cancels the chosen ones and tells their patients', async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { correo: `ausencia.${kind}@example.com` });
    await setHours(server, doctor, WEEK);
    const kept = await bookSlot(server, patient, doctor, '2026-03-17', '10:00', { estado: 'Confirmada' });
    const cancelled = await bookSlot(server, patient, doctor, '2026-03-18', '16:00');

    const created = await server.request<AusenciaCreada>('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-17', fecha_fin: '2026-03-18', hora_fin: '17:00', motivo: 'Congreso' },
    });
    expect(created.status).toBe(201);
    expect(created.body.huecos_cerrados).toBe(31 + 20 + 3);
    expect(created.body.citas.map((cita) => [cita.id_cita, cita.fecha, cita.hora])).toEqual([
      [kept.id_cita, '2026-03-17', '10:00'],
      [cancelled.id_cita, '2026-03-18', '16:00'],
    ]);
    expect((await dayOf(server, doctor, '2026-03-17')).map((slot) => slot.hora_inicio)).toEqual(['10:00']);
    expect((await dayOf(server, doctor, '2026-03-18')).map((slot) => slot.hora_inicio)).toEqual(['16:00', '17:00', '17:15', '17:30', '17:45', '18:00', '18:15', '18:30', '18:45']);
    const id = created.body.ausencia.id_ausencia;
    // Neither is cancelled by the absence itself: both wait at the desk to be relocated.
    const waiting = async () =>
      (await server.database.db.selectFrom('citas').select(['id_cita', 'estado', 'reubicar_causa']).where('id_cita', 'in', [kept.id_cita, cancelled.id_cita]).orderBy('id_cita').execute()).map(
        (cita) => [cita.estado, cita.reubicar_causa],
      );
    expect(await waiting()).toEqual([
      ['Confirmada', 'ausencia'],
      ['pendiente', 'ausencia'],
    ]);

    // Only the doctor who is away sees and changes it (and the desk and an administrator).
    for (const user of [other, await server.createUser('paciente')]) {
      expect((await server.request('GET', `/api/agenda/ausencias/${id}/citas`, { token: user.token })).status).toBe(403);
      expect((await server.request('POST', `/api/agenda/ausencias/${id}/cancelar-citas`, { token: user.token, body: { citas: [kept.id_cita] } })).status).toBe(403);
      expect((await server.request('DELETE', `/api/agenda/ausencias/${id}`, { token: user.token })).status).toBe(403);
    }
    expect((await server.request('GET', '/api/agenda/ausencias/999999/citas', { token: doctor.token })).status).toBe(404);

    const answer = await server.request('POST', `/api/agenda/ausencias/${id}/cancelar-citas`, { token: doctor.token, body: { citas: [cancelled.id_cita] } });
    expect(answer.body).toEqual({ canceladas: 1 });
    const left = await server.request<CitaAfectada[]>('GET', `/api/agenda/ausencias/${id}/citas`, { token: doctor.token });
    expect(left.body.map((cita) => cita.id_cita)).toEqual([kept.id_cita]);
    const freed = (await dayOf(server, doctor, '2026-03-18'))[0];
    expect(freed).toMatchObject({ hora_inicio: '16:00', estado: 'Bloqueado', descripcion: 'Congreso', cita: null });

    await server.app.mailer.settled();
    let mail: { raw: string } | undefined;
    for (let count = 1; !mail; count += 1) {
      mail = (await smtp.waitFor(count)).find(
        (message) => message.to.includes(`ausencia.${kind}@example.com`) && parseMail(message.raw).subject.startsWith('Solicitud de cita rechazada'),
      );
    }
    expect(parseMail(mail.raw).text).toContain('«Pedir cita»');
    // The notice says why: the doctor is away that day.
    expect(parseMail(mail.raw).text).toMatch(/Motivo: .+ no pasa consulta ese día\./);

    // Removing the absence gives the generated days their free slots back; the kept visit stays.
    expect((await server.request('DELETE', `/api/agenda/ausencias/${id}`, { token: doctor.token })).status).toBe(204);
    const tuesday = await dayOf(server, doctor, '2026-03-17');
    expect(tuesday).toHaveLength(32);
    expect(tuesday.find((slot) => slot.hora_inicio === '10:00')?.estado).toBe('Reservado');
    expect((await waiting())[0]).toEqual(['Confirmada', null]);
    expect((await server.request('GET', '/api/agenda/ausencias', { token: doctor.token })).body).toEqual([]);
  });

  it('blocks the free slots of a day opened by hand inside an absence, and lists the holidays', async () => {
    const doctor = await server.createUser('doctor');
    await openDay(server, doctor, '2026-03-20', ['09:00', '09:30', '10:00'], 30);
    const created = await server.request<AusenciaCreada>('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-20', fecha_fin: '2026-03-20', hora_inicio: '09:30', hora_fin: '10:30', motivo: 'Médico' },
    });
    expect(created.body.huecos_cerrados).toBe(2);
    expect((await dayOf(server, doctor, '2026-03-20')).map((slot) => slot.estado)).toEqual(['Disponible', 'Bloqueado', 'Bloqueado']);
    const listed = await server.request<{ fecha: string; nombre: string }[]>('GET', '/api/agenda/festivos?anio=2026', {
      token: doctor.token,
      headers: { 'accept-language': 'ca' },
    });
    expect(listed.body).toContainEqual({ fecha: '2026-09-11', nombre: 'Diada de Catalunya', origen: 'publico', abierto: false });
  });

  it('counts the clinic day in Madrid, not in UTC, on the night of a daylight-saving change', async () => {
    const doctor = await server.createUser('doctor');
    // 23:30 UTC on Saturday 28 March is already Sunday 29 March, 00:30, in Madrid.
    server.clock.set('2026-03-28T23:30:00Z');
    try {
      await setHours(server, doctor, [range(6, '09:00', '10:00'), range(7, '09:00', '14:00')]);
      const marked = await server.database.db.selectFrom('dias_agenda').select('fecha').where('id_doctor', '=', doctor.id_doctor as number).orderBy('fecha').execute();
      expect(marked[0]?.fecha).toBe('2026-03-29');
      expect(marked).toHaveLength(56);
      expect(await dayOf(server, doctor, '2026-03-28')).toHaveLength(0);
      expect(await dayOf(server, doctor, '2026-03-29')).toHaveLength(20);
      expect(await dayOf(server, doctor, '2026-04-05')).toHaveLength(20);
      await keepAgendasOpen(server.app, '2026-10-24', doctor.id_doctor as number);
      const autumn = await dayOf(server, doctor, '2026-10-25');
      expect(autumn.map((slot) => slot.hora_inicio)).toEqual((await dayOf(server, doctor, '2026-03-29')).map((slot) => slot.hora_inicio));
    } finally {
      server.clock.set('2026-03-02T08:00:00Z');
    }
  });

  // A second app starts on the database: a budget of its own, beyond the suite's 20 s.
  it.runIf(kind === 'postgres')('fills from two instances at once without duplicates or errors', { timeout: 45_000 }, async () => {
    const doctors = await Promise.all(Array.from({ length: 6 }, () => server.createUser('doctor')));
    await server.database.db
      .insertInto('horarios_semanales')
      .values(doctors.flatMap((doctor) => WEEK.map((franja) => ({ id_doctor: doctor.id_doctor as number, ...franja, vigente_desde: '2026-03-02' }))))
      .execute();
    await server.database.db
      .insertInto('horarios_vigencias')
      .values(doctors.map((doctor) => ({ id_doctor: doctor.id_doctor as number, vigente_desde: '2026-03-02' })))
      .execute();
    const database = openDatabase(server.databaseOptions);
    const second = await buildApp({ config: server.config, database, clock: server.clock, serveWeb: false });
    try {
      const runs = await Promise.all([
        keepAgendasOpen(server.app, '2026-03-02'),
        keepAgendasOpen(second, '2026-03-02'),
        keepAgendasOpen(server.app, '2026-03-02'),
        keepAgendasOpen(second, '2026-03-02'),
      ]);
      const perWeek = 4 * 32 + 20;
      const expected = 8 * perWeek - 20 - 32;
      expect(runs.reduce((sum, run) => sum + run.huecos, 0)).toBeGreaterThanOrEqual(doctors.length * expected);
      for (const doctor of doctors) expect(await slotCount(server, doctor.id_doctor as number)).toBe(expected);
    } finally {
      await second.close();
      await database.close();
    }
  });

  it('opens the agenda as far ahead as patients may book, and no further than the weeks when they may book less', async () => {
    const admin = await server.createUser('admin');
    const rules = await server.request<Record<string, number>>('GET', '/api/clinica/reglas', { token: admin.token });
    const setHorizon = async (horizonte_dias: number) => {
      const saved = await server.request('PUT', '/api/clinica/reglas', { token: admin.token, body: { ...rules.body, horizonte_dias } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    try {
      await setHorizon(90);
      const doctor = await server.createUser('doctor');
      await setHours(server, doctor, WEEK);
      // Day 90 from Monday 2 March is Sunday 31 May; Friday 29 May is bookable and open.
      expect(await dayOf(server, doctor, '2026-05-29')).toHaveLength(20);
      const patient = await server.createUser('paciente');
      const booked = await server.request('POST', '/api/citas', {
        token: patient.token,
        body: { id_doctor: doctor.id_doctor, fecha: '2026-05-29', hora: '10:00', motivo: 'Revisión', recordatorio: false },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      expect(await dayOf(server, doctor, '2026-06-01')).toHaveLength(0);
      expect((await server.request<HorarioRespuesta>('GET', '/api/agenda/horario', { token: doctor.token })).body.semanas_abiertas).toBe(13);

      await setHorizon(30);
      const other = await server.createUser('doctor');
      await setHours(server, other, WEEK);
      expect(await dayOf(server, other, '2026-04-24')).toHaveLength(20);
      expect(await dayOf(server, other, '2026-04-27')).toHaveLength(0);
    } finally {
      await setHorizon(rules.body.horizonte_dias as number);
    }
  });

  it('keeps the hours in force until new ones saved for a later date apply: an absence before then closes and reopens only its own slots', async () => {
    const doctor = await server.createUser('doctor');
    await setHours(server, doctor, WEEK);
    // From Monday 30 March the doctor works mornings only.
    await setHours(server, doctor, WEEK.filter((franja) => franja.hora_inicio === '09:00'), { vigente_desde: '2026-03-30' });
    expect(await dayOf(server, doctor, '2026-03-17')).toHaveLength(32);
    expect(await dayOf(server, doctor, '2026-03-31')).toHaveLength(20);

    const created = await server.request<AusenciaCreada>('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-17', fecha_fin: '2026-03-17', hora_fin: '12:00', motivo: 'Médico' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // 09:00-12:00 closed; the rest of the day, afternoon included, as the hours in force make it.
    expect(await dayOf(server, doctor, '2026-03-17')).toHaveLength(32 - 12);
    expect((await server.request('DELETE', `/api/agenda/ausencias/${created.body.ausencia.id_ausencia}`, { token: doctor.token })).status).toBe(204);
    expect(await dayOf(server, doctor, '2026-03-17')).toHaveLength(32);
    expect(await dayOf(server, doctor, '2026-03-31')).toHaveLength(20);
    // What the doctor reads back is the hours they saved last, from their date.
    const saved = await server.request<HorarioRespuesta>('GET', '/api/agenda/horario', { token: doctor.token });
    expect(saved.body.vigente_desde).toBe('2026-03-30');
  });

  it('never makes a slot at a time that does not exist: the hour Madrid skips on the last Sunday of March', async () => {
    const doctor = await server.createUser('doctor');
    await setHours(server, doctor, [range(7, '01:00', '04:00', 30)]);
    expect((await dayOf(server, doctor, '2026-03-29')).map((slot) => slot.hora_inicio)).toEqual(['01:00', '01:30', '03:00', '03:30']);
    expect((await dayOf(server, doctor, '2026-03-22')).map((slot) => slot.hora_inicio)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
  });

  it('never opens by hand a slot in the hour Madrid skips: a day opened, hours added, or a visit the doctor gives there', async () => {
    const doctor = await server.createUser('doctor');
    const opened = await server.request<{ bloques_creados: number; bloques_existentes: number }>('POST', '/api/agenda/crear', {
      token: doctor.token,
      body: { fecha: '2026-03-29', bloques: ['01:30', '02:00', '02:30', '03:00'], intervalo_min: 30 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toEqual({ bloques_creados: 2, bloques_existentes: 0 });
    expect((await dayOf(server, doctor, '2026-03-29')).map((slot) => slot.hora_inicio)).toEqual(['01:30', '03:00']);

    const added = await server.request('PUT', '/api/agenda/desbloquear', {
      token: doctor.token,
      body: { fecha: '2026-03-29', hora_inicio: '01:00', hora_fin: '04:00', motivo: 'Guardia' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await dayOf(server, doctor, '2026-03-29')).map((slot) => slot.hora_inicio)).toEqual(['01:00', '01:30', '03:00', '03:30']);

    const patient = await server.createUser('paciente');
    const given = await server.request<{ code?: string }>('POST', '/api/consultas', {
      token: doctor.token,
      body: { pacienteId: patient.id_usuario, fecha: '2026-03-29', hora: '02:30', motivo: 'Control', tipo: 'Consulta' },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(400);
    expect(given.body.code).toBe('hora_inexistente');
    expect((await dayOf(server, doctor, '2026-03-29')).map((slot) => slot.hora_inicio)).toEqual(['01:00', '01:30', '03:00', '03:30']);
  });
});

