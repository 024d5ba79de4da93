import { describe, expect, it } from 'vitest';
import type { Consulta } from '../../../contracts/consultations.ts';
import { auditEntries, bookSlot, openDay } from '../../testing/agenda.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

const assign = (server: TestServer, doctor: TestUser, patient: TestUser, extra: Record<string, unknown> = {}) =>
  server.request<Consulta>('POST', '/api/consultas', {
    token: doctor.token,
    body: {
      pacienteId: patient.id_paciente,
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
    const endpoints: [string, string, unknown?][] = [
      ['GET', '/api/medico/consultas'],
      ['POST', '/api/consultas', { pacienteId: 1, fecha: '2026-03-09', hora: '10:00', motivo: 'x' }],
      ['PUT', '/api/consultas/1/finalizar', { diagnostico: 'x' }],
      ['GET', '/api/medico/pacientes'],
      ['GET', '/api/medico/visitas'],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await server.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const user of [patient, admin]) {
        expect((await server.request(method, path, { token: user.token, body })).status, `${method} ${path} ${user.rol}`).toBe(403);
      }
    }
  });

  it('assigns a consultation (pendiente, time shown HH:MM) and audits it', async () => {
    const doctor = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Vidal' });
    const patient = await server.createUser('paciente', { nombre: 'Pau', apellido1: 'Serra' });
    const created = await assign(server, doctor, patient);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id_paciente: patient.id_paciente,
      paciente_nombre: 'Pau Serra',
      id_doctor: doctor.id_doctor,
      doctor: 'Laura Vidal',
      fecha: '2026-03-09',
      hora: '10:30',
      tipo: 'Consulta',
      motivo: 'Control de tensión',
      descripcion: 'Traer registros de casa',
      diagnostico: null,
      recomendaciones: null,
      estado: 'pendiente',
      id_cita: null,
    });
    const audit = await auditEntries(server, 'consulta.crear');
    expect(audit.at(-1)).toMatchObject({ id_usuario: doctor.id_usuario, id_paciente: patient.id_paciente, detalle: `consulta ${created.body.id_consulta}` });
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
    const unknown = await assign(server, doctor, { ...patient, id_paciente: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'paciente_no_encontrado', detail: 'El paciente no existe.' });
  });

  it("lists only the doctor's own consultations, filtered by estado and paged", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const first = await assign(server, doctor, patient, { fecha: '2026-03-03', motivo: 'Primera' });
    await assign(server, doctor, patient, { fecha: '2026-03-04', motivo: 'Segunda' });
    await assign(server, doctor, patient, { fecha: '2026-03-05', motivo: 'Tercera' });
    await assign(server, other, patient, { motivo: 'De otro doctor' });
    await server.request('PUT', `/api/consultas/${first.body.id_consulta}/finalizar`, { token: doctor.token, body: { diagnostico: 'Bien' } });

    const all = await server.request<Consulta[]>('GET', '/api/medico/consultas', { token: doctor.token });
    expect(all.status).toBe(200);
    expect(all.body.map((c) => c.motivo)).toEqual(['Tercera', 'Segunda', 'Primera']);
    expect(all.headers.get('x-total-count')).toBe('3');

    const pending = await server.request<Consulta[]>('GET', '/api/medico/consultas?estado=pendiente', { token: doctor.token });
    expect(pending.body.map((c) => c.motivo)).toEqual(['Tercera', 'Segunda']);
    const finished = await server.request<Consulta[]>('GET', '/api/medico/consultas?estado=finalizada', { token: doctor.token });
    expect(finished.body.map((c) => c.motivo)).toEqual(['Primera']);

    const page = await server.request<Consulta[]>('GET', '/api/medico/consultas?pagina=2&por_pagina=2', { token: doctor.token });
    expect(page.body.map((c) => c.motivo)).toEqual(['Primera']);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await server.request('GET', '/api/medico/consultas?estado=cancelada', { token: doctor.token })).status).toBe(400);
    expect((await auditEntries(server, 'consultas.listar')).length).toBeGreaterThanOrEqual(4);
  });

  it('completes a consultation once, only by its doctor, and audits it', async () => {
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

    const done = await finish(doctor, { diagnostico: 'Gripe', recomendaciones: 'Reposo y líquidos' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ estado: 'finalizada', diagnostico: 'Gripe', recomendaciones: 'Reposo y líquidos', finalizada_en: expect.any(String) });
    const again = await finish(doctor, { diagnostico: 'Otra cosa' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'consulta_finalizada', detail: 'La consulta ya está finalizada.' });
    expect((await auditEntries(server, 'consulta.finalizar')).at(-1)).toMatchObject({ id_paciente: patient.id_paciente, id_usuario: doctor.id_usuario });
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
      { id_cita: today.id_cita, id_paciente: patient.id_paciente, paciente: 'Eva Mas', fecha: '2026-03-02', hora: '09:30', motivo: 'Analítica' },
      { id_cita: later.id_cita, id_paciente: patient.id_paciente, paciente: 'Eva Mas', fecha: '2026-03-03', hora: '09:00', motivo: 'Seguimiento' },
    ]);
    expect((await auditEntries(server, 'visitas.listar')).at(-1)).toMatchObject({ id_usuario: doctor.id_usuario });
  });
});
