import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { Consulta } from '../../../contracts/consultations.ts';
import { expectRefused, type Endpoint } from '../../testing/access.ts';
import { bookSlot, openDay } from '../../testing/agenda.ts';
import { slotEstado } from '../../testing/appointments.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

const assign = (server: TestServer, doctor: TestUser, patient: TestUser, extra: Record<string, unknown> = {}) =>
  server.request<Consulta>('POST', '/api/consultas', {
    token: doctor.token,
    body: {
      pacienteId: patient.id_usuario,
      fecha: '2026-03-09',
      hora: '10:30:00',
      motivo: 'Control de tensión',
      diagnostico: '',
      recomendaciones: '',
      descripcion: 'Traer registros de casa',
      ...extra,
    },
  });

describe.each(DATABASES)('consultations on %s', (kind) => {
  const server = useTestServer(kind);

  it('answers 401 without a token and 403 to patients and admins', async () => {
    const patient = await server.createUser('paciente');
    const admin = await server.createUser('admin');
    const endpoints: Endpoint[] = [
      ['GET', '/api/medico/consultas'],
      ['POST', '/api/consultas', { pacienteId: 1, fecha: '2026-03-09', hora: '10:00', motivo: 'x' }],
      ['PUT', '/api/consultas/1/finalizar', { diagnostico: 'x' }],
      ['GET', '/api/medico/pacientes'],
      ['GET', '/api/medico/visitas'],
    ];
    await expectRefused(server, endpoints, [patient, admin]);
  });

  it('assigns a visit: it takes the slot, is confirmed with its reminder, shows in every visit list, and is audited', async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Vidal' });
    const patient = await server.createUser('paciente', { nombre: 'Pau', apellido1: 'Serra' });
    await openDay(server, doctor, '2026-03-09', ['10:00', '10:30', '11:00']);
    const created = await assign(server, doctor, patient, { tipo: 'Revisión' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id_paciente: patient.id_paciente,
      paciente_nombre: 'Pau Serra',
      id_doctor: doctor.id_doctor,
      doctor: 'Laura Vidal',
      fecha: '2026-03-09',
      hora: '10:30',
      tipo: 'Revisión',
      motivo: 'Control de tensión',
      descripcion: 'Traer registros de casa',
      diagnostico: null,
      recomendaciones: null,
      estado: 'confirmada',
      id_cita: expect.any(Number),
    });
    const id_cita = created.body.id_cita!;

    // The doctor's day: the slot is taken by the patient's confirmed visit, with its type.
    const day = await server.request<Bloque[]>('GET', '/api/agenda?fecha=2026-03-09', { token: doctor.token });
    const slot = day.body.find((row) => row.hora_inicio.startsWith('10:30'));
    expect(slot).toMatchObject({ estado: 'Reservado', cita: { id_cita, paciente: 'Pau Serra', estado: 'Confirmada', tipo: 'Revisión' } });
    // The patient's and the doctor's visit lists.
    const mine = await server.request<{ id_cita: number; estado: string; hora: string }[]>('GET', '/api/citas/mias', { token: patient.token });
    expect(mine.body).toEqual([expect.objectContaining({ id_cita, estado: 'Confirmada', hora: '10:30', doctor: 'Laura Vidal' })]);
    const visits = await server.request<{ id_cita: number }[]>('GET', '/api/medico/visitas', { token: doctor.token });
    expect(visits.body.map((visit) => visit.id_cita)).toEqual([id_cita]);
    // The same reminders as a booking: the clinic's plan (an e-mail two days before; no mobile, no SMS).
    const reminders = await server.database.db.selectFrom('notificaciones').select(['estado']).where('id_cita', '=', id_cita).where('tipo', '=', 'recordatorio').execute();
    expect(reminders).toEqual([{ estado: 'pendiente' }]);
    const audit = await auditEntries(server, 'consulta.crear');
    expect(audit.at(-1)).toMatchObject({ id_usuario: doctor.id_usuario, id_paciente: patient.id_paciente, detalle: `consulta ${created.body.id_consulta}, cita ${id_cita}` });
  });

  it('takes pacienteId as the account id GET /api/usuarios hands a doctor, which lists patient accounts only', async () => {
    const doctor = await server.createUser('doctor');
    // Accounts of other roles first, so account ids and patient-file ids differ.
    await server.createUser('admin');
    await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Iria', apellido1: 'Castro' });
    const decoy = await server.createUser('paciente');
    expect(patient.id_usuario).not.toBe(patient.id_paciente);

    const listed = await server.request<{ id: number; nombre: string; email: string; rol: string }[]>('GET', '/api/usuarios?buscar=iria', {
      token: doctor.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: patient.id_usuario, nombre: 'Iria', email: patient.correo, rol: 'paciente' })]);
    const everyone = await server.request<{ rol: string }[]>('GET', '/api/usuarios?por_pagina=100', { token: doctor.token });
    expect(new Set(everyone.body.map((user) => user.rol))).toEqual(new Set(['paciente']));
    expect((await server.request('GET', '/api/usuarios?rol=doctor', { token: doctor.token })).status).toBe(403);

    const created = await assign(server, doctor, patient, { pacienteId: listed.body[0]!.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id_paciente: patient.id_paciente, paciente_nombre: 'Iria Castro' });
    const theirs = await server.request<unknown[]>('GET', '/api/citas/mias', { token: patient.token });
    expect(theirs.body).toHaveLength(1);
    expect((await server.request<unknown[]>('GET', '/api/citas/mias', { token: decoy.token })).body).toEqual([]);
    // A patient-file id, or a doctor's account, is not a patient account.
    const doctorAccount = await assign(server, doctor, patient, { pacienteId: doctor.id_usuario, hora: '12:00' });
    expect(doctorAccount.status).toBe(404);
    expect(doctorAccount.body).toMatchObject({ code: 'paciente_no_encontrado' });
  });

  it('refuses a booked, blocked or overlapping time with 409 and writes nothing; a free time gets a one-off slot', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');
    await openDay(server, doctor, '2026-03-09', ['09:00', '09:15', '09:30']);
    const booked = await server.request('POST', '/api/citas', {
      token: other.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-09', hora: '09:00', motivo: 'Dolor', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    await server.request('PUT', '/api/agenda/bloquear', {
      token: doctor.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-09', hora_inicio: '09:15', hora_fin: '09:30', motivo: 'Reunión' },
    });
    const counts = async () => {
      const db = server.database.db;
      const citas = await db.selectFrom('citas').select((eb) => eb.fn.countAll<number>().as('n')).where('id_doctor', '=', doctor.id_doctor!).executeTakeFirstOrThrow();
      const consultas = await db.selectFrom('consultas').select((eb) => eb.fn.countAll<number>().as('n')).where('id_doctor', '=', doctor.id_doctor!).executeTakeFirstOrThrow();
      const agenda = await db.selectFrom('agenda').select((eb) => eb.fn.countAll<number>().as('n')).where('id_doctor', '=', doctor.id_doctor!).executeTakeFirstOrThrow();
      return [Number(citas.n), Number(consultas.n), Number(agenda.n)];
    };
    const before = await counts();

    const taken = await assign(server, doctor, patient, { hora: '09:00' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ code: 'consulta_hueco_ocupado', detail: 'Ya tienes una visita a esa hora. Elige otra hora.' });
    const blocked = await assign(server, doctor, patient, { hora: '09:15' });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: 'consulta_hueco_bloqueado' });
    const overlapping = await assign(server, doctor, patient, { hora: '09:40' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toMatchObject({ code: 'consulta_hueco_solapado' });
    // 23:50 with the doctor's 15 minutes would end on the next day.
    const pastMidnight = await assign(server, doctor, patient, { hora: '23:50' });
    expect(pastMidnight.status).toBe(400);
    expect(pastMidnight.body).toEqual({
      code: 'consulta_pasa_medianoche',
      detail: 'Una visita a esa hora acabaría pasada la medianoche. Elige una hora anterior.',
    });
    const english = await server.request('POST', '/api/consultas', {
      token: doctor.token,
      headers: { 'accept-language': 'en' },
      body: { pacienteId: patient.id_usuario, fecha: '2026-03-09', hora: '09:00', motivo: 'x' },
    });
    expect(english.body).toMatchObject({ detail: 'You already have a visit at that time. Choose another time.' });
    expect(await counts()).toEqual(before);

    // 12:00 has no slot and overlaps nothing: a one-off slot of the doctor's usual length (15 min).
    const oneOff = await assign(server, doctor, patient, { hora: '12:00' });
    expect(oneOff.status).toBe(201);
    const day = await server.request<Bloque[]>('GET', '/api/agenda?fecha=2026-03-09', { token: doctor.token });
    expect(day.body.find((row) => row.hora_inicio.startsWith('12:00'))).toMatchObject({
      hora_fin: expect.stringMatching(/^12:15/),
      estado: 'Reservado',
      cita: { estado: 'Confirmada' },
    });
    // The last slot of the day ends at midnight exactly.
    expect((await assign(server, doctor, patient, { hora: '23:45' })).status).toBe(201);
    // On a day with no agenda at all, too; the past is refused.
    expect((await assign(server, doctor, patient, { fecha: '2026-03-10', hora: '17:00' })).status).toBe(201);
    const past = await assign(server, doctor, patient, { fecha: '2026-03-01' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'consulta_fecha_pasada' });
  });

  it("refuses a slot already over today (the patient could not cancel it); the slot under way takes a walk-in", async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, '2026-03-02', ['09:45', '10:00', '10:15']);
    server.clock.set('2026-03-02T09:07:00Z'); // Monday 10:07 in Madrid
    try {
      const over = await assign(server, doctor, patient, { fecha: '2026-03-02', hora: '09:45' });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 'consulta_hora_pasada', detail: 'No se puede asignar una consulta a una hora que ya ha pasado.' });
      // Nothing was written: no consultation, and the slot is still free.
      expect(await server.database.db.selectFrom('consultas').select('id_consulta').where('id_doctor', '=', doctor.id_doctor!).execute()).toEqual([]);
      expect(await slotEstado(server, doctor.id_doctor!, '2026-03-02', '09:45')).toBe('Disponible');
      // 10:00-10:15 is under way at 10:07: the walk-in takes it.
      expect((await assign(server, doctor, patient, { fecha: '2026-03-02', hora: '10:00' })).status).toBe(201);
    } finally {
      server.clock.set('2026-03-02T08:00:00Z');
    }
  });

  it('lets exactly one of a consultation and a booking racing for one slot win; the other gets 409', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const rival = await server.createUser('paciente');
    const times = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45'];
    await openDay(server, doctor, '2026-03-11', times);
    for (const hora of times) {
      const [consulta, cita] = await Promise.all([
        assign(server, doctor, patient, { fecha: '2026-03-11', hora }),
        server.request('POST', '/api/citas', {
          token: rival.token,
          body: { id_doctor: doctor.id_doctor, fecha: '2026-03-11', hora, motivo: 'Dolor', recordatorio: false },
        }),
      ]);
      expect([consulta.status, cita.status].sort(), hora).toEqual([201, 409]);
    }
    const active = await server.database.db
      .selectFrom('citas')
      .select(['id_agenda'])
      .where('id_doctor', '=', doctor.id_doctor!)
      .where('estado', '<>', 'Cancelada')
      .execute();
    expect(active).toHaveLength(times.length);
    expect(new Set(active.map((row) => row.id_agenda)).size).toBe(times.length);
    const orphans = await server.database.db.selectFrom('consultas').select('id_consulta').where('id_doctor', '=', doctor.id_doctor!).where('id_cita', 'is', null).execute();
    expect(orphans).toEqual([]);
  });

  it('validates an assignment with the exact messages', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const missing = await server.request('POST', '/api/consultas', { token: doctor.token, body: { fecha: '2026-03-09', hora: '10:00', motivo: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ detail: 'Selecciona un paciente.' });
    expect((await assign(server, doctor, patient, { motivo: ' ' })).body).toMatchObject({ detail: 'El motivo es obligatorio.' });
    expect((await assign(server, doctor, patient, { hora: '25:00' })).body).toMatchObject({ detail: 'La hora no es válida (HH:MM).' });
    expect((await assign(server, doctor, patient, { tipo: 'Cirugía' })).status).toBe(400);
    const unknown = await assign(server, doctor, patient, { pacienteId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'paciente_no_encontrado', detail: 'El paciente no existe.' });
  });

  it("lists only the doctor's own consultations, filtered by estado and paged", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    // The first one is a walk-in today at the clinic's 09:00, begun at once, so it can be completed.
    const first = await assign(server, doctor, patient, { fecha: '2026-03-02', hora: '09:00', motivo: 'Primera' });
    await assign(server, doctor, patient, { fecha: '2026-03-04', motivo: 'Segunda' });
    await assign(server, doctor, patient, { fecha: '2026-03-05', motivo: 'Tercera' });
    await assign(server, other, patient, { motivo: 'De otro doctor' });
    const done = await server.request('PUT', `/api/consultas/${first.body.id_consulta}/finalizar`, { token: doctor.token, body: { diagnostico: 'Bien' } });
    expect(done.status).toBe(200);

    const all = await server.request<Consulta[]>('GET', '/api/medico/consultas', { token: doctor.token });
    expect(all.status).toBe(200);
    expect(all.body.map((c) => c.motivo)).toEqual(['Tercera', 'Segunda', 'Primera']);
    expect(all.headers.get('x-total-count')).toBe('3');

    const confirmed = await server.request<Consulta[]>('GET', '/api/medico/consultas?estado=confirmada', { token: doctor.token });
    expect(confirmed.body.map((c) => c.motivo)).toEqual(['Tercera', 'Segunda']);
    const finished = await server.request<Consulta[]>('GET', '/api/medico/consultas?estado=finalizada', { token: doctor.token });
    expect(finished.body.map((c) => c.motivo)).toEqual(['Primera']);

    const page = await server.request<Consulta[]>('GET', '/api/medico/consultas?pagina=2&por_pagina=2', { token: doctor.token });
    expect(page.body.map((c) => c.motivo)).toEqual(['Primera']);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await server.request('GET', '/api/medico/consultas?estado=cancelada', { token: doctor.token })).status).toBe(400);
    expect((await auditEntries(server, 'consultas.listar')).length).toBeGreaterThanOrEqual(4);
  });

  it('completes a consultation once its time has begun, once, only by its doctor, and audits it', async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const { body } = await assign(server, doctor, patient);
    const finish = (user: TestUser, payload: unknown, id = body.id_consulta) =>
      server.request<Consulta>('PUT', `/api/consultas/${id}/finalizar`, { token: user.token, body: payload });

    const noDiagnosis = await finish(doctor, { diagnostico: '', recomendaciones: 'Reposo' });
    expect(noDiagnosis.status).toBe(400);
    expect(noDiagnosis.body).toMatchObject({ detail: 'El diagnóstico es obligatorio.' });
    expect((await finish(other, { diagnostico: 'Gripe' })).status).toBe(403);
    expect((await finish(doctor, { diagnostico: 'Gripe' }, 999_999)).status).toBe(404);
    // 2026-03-09 10:30 has not begun on Monday 2026-03-02.
    const early = await finish(doctor, { diagnostico: 'Gripe' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'consulta_no_empezada' });
    // 10:29 Madrid: still a minute early; 10:30: it has begun.
    server.clock.set('2026-03-09T09:29:00Z');
    expect((await finish(doctor, { diagnostico: 'Gripe' })).status).toBe(409);
    server.clock.set('2026-03-09T09:30:00Z');

    const done = await finish(doctor, { diagnostico: 'Gripe', recomendaciones: 'Reposo y líquidos' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ estado: 'finalizada', diagnostico: 'Gripe', recomendaciones: 'Reposo y líquidos', finalizada_en: expect.any(String) });
    const again = await finish(doctor, { diagnostico: 'Otra cosa' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'consulta_finalizada', detail: 'La consulta ya está finalizada.' });
    expect((await auditEntries(server, 'consulta.finalizar')).at(-1)).toMatchObject({ id_paciente: patient.id_paciente, id_usuario: doctor.id_usuario });
    server.clock.set('2026-03-02T08:00:00Z');
  });

  it('keeps a visit to come out of the history and its figures, and a past one in both lists', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    server.clock.set('2026-02-20T08:00:00Z');
    const past = await assign(server, doctor, patient, { fecha: '2026-02-23', hora: '10:00', motivo: 'Pasada' });
    server.clock.set('2026-03-02T08:00:00Z');
    const future = await assign(server, doctor, patient, { fecha: '2026-03-20', hora: '10:00', motivo: 'Futura' });
    expect([past.status, future.status]).toEqual([201, 201]);

    const history = await server.request<{ motivo: string }[]>('GET', '/api/paciente/historial', { token: patient.token });
    expect(history.body.map((item) => item.motivo)).toEqual(['Pasada']);
    expect(history.headers.get('x-total-count')).toBe('1');
    const stats = await server.request<{ total: number }>('GET', '/api/paciente/historial/estadisticas', { token: patient.token });
    expect(stats.body.total).toBe(1);
    const pastVisits = await server.request<{ motivo: string }[]>('GET', '/api/citas/mias?periodo=pasadas', { token: patient.token });
    expect(pastVisits.body.map((visit) => visit.motivo)).toEqual(['Pasada']);
    const upcoming = await server.request<{ motivo: string }[]>('GET', '/api/citas/mias?periodo=proximas', { token: patient.token });
    expect(upcoming.body.map((visit) => visit.motivo)).toEqual(['Futura']);
  });

  it('offers every active patient by name, or only the ones the doctor treats', async () => {
    const doctor = await server.createUser('doctor');
    const josé = await server.createUser('paciente', { nombre: 'José', apellido1: 'Núñez' });
    const treated = await server.createUser('paciente', { nombre: 'Marina', apellido1: 'Quiroga' });
    await assign(server, doctor, treated);
    const search = await server.request<{ id_paciente: number; nombre: string }[]>('GET', '/api/medico/pacientes?buscar=jose%20nu', { token: doctor.token });
    expect(search.status).toBe(200);
    expect(search.body).toEqual([{ id_paciente: josé.id_paciente, nombre: 'José Núñez', correo: josé.correo }]);
    const percent = await server.request<unknown[]>('GET', '/api/medico/pacientes?buscar=%25', { token: doctor.token });
    expect(percent.body).toEqual([]);
    const mine = await server.request<{ id_paciente: number }[]>('GET', '/api/medico/pacientes?mis_pacientes=true', { token: doctor.token });
    expect(mine.body.map((p) => p.id_paciente)).toEqual([treated.id_paciente]);
    expect(mine.headers.get('x-total-count')).toBe('1');
  });

  it("lists the doctor's confirmed visits from today on, in time order", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Eva', apellido1: 'Mas' });
    server.clock.set('2026-02-27T08:00:00Z');
    for (const fecha of ['2026-02-27', '2026-03-02', '2026-03-03']) await openDay(server, doctor, fecha, ['09:00', '09:30']);
    await openDay(server, other, '2026-03-03', ['09:00']);
    await bookSlot(server, patient, doctor, '2026-02-27', '09:00', { estado: 'Confirmada' });
    const later = await bookSlot(server, patient, doctor, '2026-03-03', '09:00', { estado: 'Confirmada', motivo: 'Seguimiento' });
    const today = await bookSlot(server, patient, doctor, '2026-03-02', '09:30', { estado: 'Confirmada', motivo: 'Analítica' });
    await bookSlot(server, patient, doctor, '2026-03-02', '09:00');
    await bookSlot(server, patient, other, '2026-03-03', '09:00', { estado: 'Confirmada' });
    server.clock.set('2026-03-02T08:00:00Z');

    const visits = await server.request('GET', '/api/medico/visitas', { token: doctor.token });
    expect(visits.status).toBe(200);
    expect(visits.body).toEqual([
      { id_cita: today.id_cita, id_paciente: patient.id_paciente, paciente: 'Eva Mas', fecha: '2026-03-02', hora: '09:30', motivo: 'Analítica', tipo_visita: { id_tipo: expect.any(Number), nombre: 'Consulta', color: expect.any(String) } },
      { id_cita: later.id_cita, id_paciente: patient.id_paciente, paciente: 'Eva Mas', fecha: '2026-03-03', hora: '09:00', motivo: 'Seguimiento', tipo_visita: { id_tipo: expect.any(Number), nombre: 'Consulta', color: expect.any(String) } },
    ]);
    expect((await auditEntries(server, 'visitas.listar')).at(-1)).toMatchObject({ id_usuario: doctor.id_usuario });
  });
});
