import { afterEach, describe, expect, it } from 'vitest';
import { REGLAS_POR_DEFECTO, type MisReglas, type ReglasReserva } from '../../../contracts/booking-rules.ts';
import type { CifrasClinica } from '../../../contracts/home.ts';
import type { Historia } from '../../../contracts/records.ts';
import { openSlots } from '../../testing/appointments.ts';
import { addAppointment } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid (08:00Z); the clinic's defaults:
// book 2 h ahead, until day 90, cancel or move 24 h ahead.
const START = '2026-03-02T08:00:00Z';
const DEFAULTS: ReglasReserva = { ...REGLAS_POR_DEFECTO, max_citas_activas: 4, max_citas_doctor_dia: 1 };

type Answer = { id_cita: number; code?: string; detail?: string; errores?: { campo: string; mensaje: string }[] };

describe.each(DATABASES)('booking rules and no-shows on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0' } });
  let admin: TestUser | undefined;

  const setRules = async (change: Partial<ReglasReserva>) => {
    admin ??= await server.createUser('admin');
    const saved = await server.request<ReglasReserva>('PUT', '/api/clinica/reglas', { token: admin.token, body: { ...DEFAULTS, ...change } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  afterEach(async () => {
    server.clock.set(START);
    await setRules({});
  });

  async function doctorWith(days: Record<string, string[]>) {
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    for (const [fecha, horas] of Object.entries(days)) await openSlots(server, doctor.id_doctor as number, fecha, horas);
    return doctor;
  }
  const book = (patient: TestUser, doctor: TestUser, fecha: string, hora: string, language = 'es') =>
    server.request<Answer>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha, hora, motivo: 'Revisión', recordatorio: false },
      headers: { 'accept-language': language },
    });
  const cancel = (patient: TestUser, id_cita: number, language = 'es') =>
    server.request<Answer>('PUT', `/api/citas/${id_cita}/cancelar`, { token: patient.token, headers: { 'accept-language': language } });
  const move = (patient: TestUser, id_cita: number, fecha: string, hora: string) =>
    server.request<Answer>('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha, hora } });

  it('books exactly 2 hours ahead but not 2 hours less a minute, and offers only the bookable slots', async () => {
    const doctor = await doctorWith({ '2026-03-02': ['10:59', '11:00'] });
    const patient = await server.createUser('paciente');
    const slots = await server.request<{ hora_inicio: string; tipo: string }[]>('GET', `/api/citas/agenda-disponible/${doctor.id_doctor}?dias=1`, {
      token: patient.token,
    });
    expect(slots.body.map((slot) => slot.hora_inicio)).toEqual(['11:00']);

    const early = await book(patient, doctor, '2026-03-02', '10:59');
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ code: 'reserva_sin_antelacion', detail: 'Solo se puede reservar con al menos 2 horas de antelación.' });
    expect((await book(patient, doctor, '2026-03-02', '10:59', 'en')).body.detail).toBe('Visits can only be booked at least 2 hours in advance.');
    expect((await book(patient, doctor, '2026-03-02', '10:59', 'ca')).body.detail).toBe("Només es pot reservar amb almenys 2 hores d'antelació.");
    expect((await book(patient, doctor, '2026-03-02', '11:00')).status).toBe(201);
  });

  it('books until day 90 and refuses day 91 with the date', async () => {
    const doctor = await doctorWith({ '2026-05-31': ['10:00'], '2026-06-01': ['10:00'] });
    const patient = await server.createUser('paciente');
    const slots = await server.request<{ fecha: string }[]>('GET', `/api/citas/agenda-disponible/${doctor.id_doctor}?desde=2026-05-30&dias=5`, {
      token: patient.token,
    });
    expect(slots.body.map((slot) => slot.fecha)).toEqual(['2026-05-31']);
    const far = await book(patient, doctor, '2026-06-01', '10:00');
    expect(far.status).toBe(400);
    expect(far.body).toEqual({ code: 'reserva_demasiado_lejos', detail: 'Solo se puede reservar hasta el 31/05/2026.' });
    expect((await book(patient, doctor, '2026-05-31', '10:00')).status).toBe(201);

    const mine = await server.request<MisReglas>('GET', '/api/citas/reglas', { token: patient.token });
    expect(mine.body).toMatchObject({ ...DEFAULTS, fecha_limite: '2026-05-31', no_presentados: 0, restringido: false, solicitudes_pendientes: 1 });
  });

  it('cancels and moves online exactly 24 hours ahead, not 24 hours less a minute, and says the phone', async () => {
    const doctor = await doctorWith({ '2026-03-04': ['10:00', '10:30', '11:00'], '2026-03-05': ['10:00'] });
    const first = await server.createUser('paciente');
    const second = await server.createUser('paciente');
    const a = (await book(first, doctor, '2026-03-04', '10:00')).body.id_cita;
    const b = (await book(second, doctor, '2026-03-04', '10:30')).body.id_cita;

    server.clock.set('2026-03-03T09:01:00Z'); // Tuesday 10:01 in Madrid: 23 h 59 min before the 10:00 visit
    const late = await cancel(first, a);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      code: 'cancelacion_sin_antelacion',
      detail: 'Para cancelar con menos de 24 h de antelación llama a la clínica: +34 932 000 000.',
    });
    expect((await cancel(first, a, 'en')).body.detail).toBe('To cancel less than 24 h in advance, call the clinic: +34 932 000 000.');
    const lateMove = await move(first, a, '2026-03-05', '10:00');
    expect(lateMove.status).toBe(409);
    expect(lateMove.body.code).toBe('cambio_sin_antelacion');
    const listed = await server.request<{ id_cita: number; fuera_de_plazo: boolean }[]>('GET', '/api/citas/mias', { token: first.token });
    expect(listed.body.find((c) => c.id_cita === a)?.fuera_de_plazo).toBe(true);

    server.clock.set('2026-03-03T09:30:00Z'); // exactly 24 h before the 10:30 visit
    const listedB = await server.request<{ id_cita: number; fuera_de_plazo: boolean }[]>('GET', '/api/citas/mias', { token: second.token });
    expect(listedB.body.find((c) => c.id_cita === b)?.fuera_de_plazo).toBe(false);
    const moved = await move(second, b, '2026-03-05', '10:00');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    server.clock.set('2026-03-03T09:00:00Z'); // exactly 24 h before the 10:00 visit
    expect((await cancel(first, a)).status).toBe(200);
  });

  it('lets only an admin change the rules, within their ranges, audited', async () => {
    const patient = await server.createUser('paciente');
    const doctor = await server.createUser('doctor');
    admin ??= await server.createUser('admin');
    const body = { ...DEFAULTS, horizonte_dias: 30 };
    expect((await server.request('PUT', '/api/clinica/reglas', { body })).status).toBe(401);
    expect((await server.request('PUT', '/api/clinica/reglas', { token: patient.token, body })).status).toBe(403);
    expect((await server.request('PUT', '/api/clinica/reglas', { token: doctor.token, body })).status).toBe(403);

    const bad = await server.request<Answer>('PUT', '/api/clinica/reglas', {
      token: admin.token,
      body: { ...DEFAULTS, horizonte_dias: 0, antelacion_reserva_min: -1, max_citas_activas: 51, limite_no_presentados: 1.5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errores).toEqual(
      expect.arrayContaining([
        { campo: 'horizonte_dias', mensaje: 'La fecha más lejana debe estar entre 1 y 365 días.' },
        { campo: 'antelacion_reserva_min', mensaje: 'La antelación para reservar debe estar entre 0 y 168 horas.' },
        { campo: 'max_citas_activas', mensaje: 'El máximo de citas activas debe estar entre 1 y 50.' },
        { campo: 'limite_no_presentados', mensaje: 'Debe ser un número válido.' },
      ]),
    );
    const saved = await server.request<ReglasReserva>('PUT', '/api/clinica/reglas', { token: admin.token, body });
    expect(saved.body).toEqual(body);
    expect((await server.request<ReglasReserva>('GET', '/api/clinica/reglas')).body).toEqual(body);
    const audit = await server.database.db.selectFrom('auditoria').select(['id_usuario', 'detalle']).where('accion', '=', 'clinica.reglas').execute();
    expect(audit).toContainEqual({ id_usuario: admin.id_usuario, detalle: expect.stringContaining('horizonte_dias=30') });
  });

  it('takes the caps from the rules row', async () => {
    const doctor = await doctorWith({ '2026-03-04': ['10:00', '10:30'], '2026-03-05': ['10:00'] });
    const patient = await server.createUser('paciente');
    await setRules({ max_citas_activas: 1, max_citas_doctor_dia: 2 });
    expect((await book(patient, doctor, '2026-03-04', '10:00')).status).toBe(201);
    const second = await book(patient, doctor, '2026-03-04', '10:30');
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'limite_citas_activas', detail: expect.stringContaining('(1)') });
    await setRules({ max_citas_activas: 3, max_citas_doctor_dia: 2 });
    expect((await book(patient, doctor, '2026-03-04', '10:30')).status).toBe(201);
  });

  it("lets only the visit's doctor mark it 'No presentado', once its time has passed", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const ids = { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number };
    const past = await addAppointment(server, { ...ids, fecha: '2026-03-02', hora: '08:45', estado: 'Confirmada' });
    const now = await addAppointment(server, { ...ids, fecha: '2026-03-02', hora: '09:00', estado: 'Confirmada' });
    const later = await addAppointment(server, { ...ids, fecha: '2026-03-02', hora: '09:15', estado: 'Confirmada' });
    const pending = await addAppointment(server, { ...ids, fecha: '2026-03-02', hora: '08:30', estado: 'pendiente' });
    const mark = (token: string, id_cita: number) => server.request<Answer>('PUT', `/api/citas/${id_cita}/no-presentado`, { token });

    expect((await mark(other.token, past)).status).toBe(403);
    expect((await mark(patient.token, past)).status).toBe(403);
    const early = await mark(doctor.token, later);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ code: 'asistencia_antes_de_hora', detail: 'Solo se puede marcar la asistencia cuando ha pasado la hora de la cita.' });
    expect((await mark(doctor.token, pending)).body.code).toBe('asistencia_no_confirmada');
    expect((await mark(doctor.token, now)).status).toBe(200);
    const done = await mark(doctor.token, past);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id_cita: past, asistencia: 'No presentado' });
    expect((await mark(doctor.token, past)).body.code).toBe('asistencia_ya_registrada');

    const record = await server.request<Historia>('GET', `/api/pacientes/${patient.id_paciente}/historia`, { token: doctor.token });
    expect(record.status).toBe(200);
    expect(record.body.no_presentados).toBe(2);
    expect(record.body.citas.find((c) => c.id_cita === past)?.asistencia).toBe('No presentado');
    const audit = await server.database.db.selectFrom('auditoria').select('detalle').where('accion', '=', 'cita.no_presentado').execute();
    expect(audit).toContainEqual({ detalle: `cita ${past}` });
  });

  it('after 3 no-shows in 12 months the patient holds only one pending request, and the doctor sees the count', async () => {
    const doctor = await doctorWith({ '2026-03-04': ['10:00'], '2026-03-05': ['10:00'], '2026-03-06': ['10:00'] });
    const patient = await server.createUser('paciente');
    const ids = { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number };
    // One no-show 13 months ago does not count; two recent ones do not reach the limit.
    const noShow = async (fecha: string) => {
      const id = await addAppointment(server, { ...ids, fecha, hora: '12:00', estado: 'Confirmada' });
      await server.database.db.updateTable('citas').set({ asistencia: 'No presentado' }).where('id_cita', '=', id).execute();
    };
    await noShow('2025-02-01');
    await noShow('2025-12-01');
    await noShow('2026-02-01');
    expect((await server.request<MisReglas>('GET', '/api/citas/reglas', { token: patient.token })).body).toMatchObject({ no_presentados: 2, restringido: false });
    const first = await book(patient, doctor, '2026-03-04', '10:00');
    expect(first.status).toBe(201);
    expect((await book(patient, doctor, '2026-03-05', '10:00')).status).toBe(201);
    await cancel(patient, first.body.id_cita);

    await noShow('2026-02-15');
    const mine = (await server.request<MisReglas>('GET', '/api/citas/reglas', { token: patient.token })).body;
    expect(mine).toMatchObject({ no_presentados: 3, restringido: true, solicitudes_pendientes: 1, limite_no_presentados: 3 });
    const refused = await book(patient, doctor, '2026-03-06', '10:00');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'limite_no_presentados',
      detail:
        'No te has presentado a 3 citas en los últimos 12 meses: solo puedes tener una solicitud pendiente a la vez. Espera la respuesta del doctor o llama a la clínica.',
    });

    const inbox = await server.request<{ id_paciente: number; no_presentados: number }[]>('GET', '/api/agenda/solicitudes', { token: doctor.token });
    expect(inbox.status).toBe(200);
    expect(inbox.body.find((row) => row.id_paciente === patient.id_paciente)?.no_presentados).toBe(3);

    // A higher limit lifts the restriction.
    await setRules({ limite_no_presentados: 4 });
    expect((await book(patient, doctor, '2026-03-06', '10:00')).status).toBe(201);
  });

  it("gives the admin the clinic's no-show rate of the last 90 days", async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    admin ??= await server.createUser('admin');
    const ids = { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number };
    const before = (await server.request<CifrasClinica>('GET', '/api/admin/cifras', { token: admin.token })).body.no_presentados;
    expect(before).toMatchObject({ desde: '2025-12-02', hasta: '2026-03-01' });
    const visits = [
      await addAppointment(server, { ...ids, fecha: '2026-02-10', hora: '10:00', estado: 'Confirmada' }),
      await addAppointment(server, { ...ids, fecha: '2026-02-11', hora: '10:00', estado: 'Confirmada' }),
      await addAppointment(server, { ...ids, fecha: '2026-02-12', hora: '10:00', estado: 'Confirmada' }),
      await addAppointment(server, { ...ids, fecha: '2026-02-13', hora: '10:00', estado: 'Confirmada' }),
    ];
    // Outside the 90 days, cancelled: not counted.
    await addAppointment(server, { ...ids, fecha: '2025-11-01', hora: '10:00', estado: 'Confirmada' });
    await addAppointment(server, { ...ids, fecha: '2026-02-14', hora: '10:00', estado: 'Cancelada' });
    for (const id_cita of visits.slice(0, 1)) {
      expect((await server.request('PUT', `/api/citas/${id_cita}/no-presentado`, { token: doctor.token })).status).toBe(200);
    }
    const after = (await server.request<CifrasClinica>('GET', '/api/admin/cifras', { token: admin.token })).body.no_presentados;
    expect(after.visitas - before.visitas).toBe(4);
    expect(after.no_presentados - before.no_presentados).toBe(1);
    expect(after.tasa).toBeCloseTo(after.no_presentados / after.visitas);
  });

  it('the grid and the booking agree to the second on the notice', async () => {
    const doctor = await doctorWith({ '2026-03-02': ['11:00', '11:30'] });
    const patient = await server.createUser('paciente');
    // 09:00:30 in Madrid: with two hours' notice, 11:00 is 30 seconds too soon and 11:30 is fine.
    server.clock.set('2026-03-02T08:00:30Z');
    const grid = await server.request<{ fecha: string; hora_inicio: string; tipo: string }[]>('GET', `/api/citas/agenda-disponible/${doctor.id_doctor}?desde=2026-03-02&dias=1`, {
      token: patient.token,
    });
    expect(grid.body.filter((slot) => slot.tipo === 'Disponible').map((slot) => slot.hora_inicio)).toEqual(['11:30']);
    expect((await book(patient, doctor, '2026-03-02', '11:00')).body.code).toBe('reserva_sin_antelacion');
    expect((await book(patient, doctor, '2026-03-02', '11:30')).status).toBe(201);
  });

  it('lets a request made by mistake be withdrawn for ten minutes, even inside the notice', async () => {
    const doctor = await doctorWith({ '2026-03-02': ['12:00', '12:30'] });
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    const first = await book(patient, doctor, '2026-03-02', '12:00');
    const second = await book(other, doctor, '2026-03-02', '12:30');
    expect([first.status, second.status]).toEqual([201, 201]);
    server.clock.advanceMinutes(9);
    const withdrawn = await server.request('PUT', `/api/citas/${first.body.id_cita}/cancelar`, { token: patient.token });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    server.clock.advanceMinutes(2);
    const late = await server.request<Answer>('PUT', `/api/citas/${second.body.id_cita}/cancelar`, { token: other.token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('cancelacion_sin_antelacion');
  });
});

