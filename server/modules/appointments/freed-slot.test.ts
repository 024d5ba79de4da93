import { describe, expect, it } from 'vitest';
import type { Franja } from '../../../contracts/weekly-hours.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { addVisitType } from '../../testing/visit-types.ts';

// The test clock starts on Monday 2026-03-02 (09:00 in Madrid). Tuesday 17 and Friday 20 March are working days.
const range = (dia_semana: number, hora_inicio: string, hora_fin: string): Franja => ({ dia_semana, hora_inicio, hora_fin, duracion_min: 30 });
const WEEK: Franja[] = [1, 2, 3, 4, 5].map((day) => range(day, '09:00', '12:00'));

const setHours = async (server: TestServer, doctor: TestUser, franjas: Franja[]) => {
  const response = await server.request('PUT', '/api/agenda/horario', { token: doctor.token, body: { franjas } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

/** The times a patient may book with the doctor on a day. */
const bookable = async (server: TestServer, patient: TestUser, doctor: TestUser, fecha: string) => {
  const grid = await server.request<{ fecha: string; hora_inicio: string; tipo: string }[]>(
    'GET',
    `/api/citas/agenda-disponible/${doctor.id_doctor}?desde=${fecha}&dias=1`,
    { token: patient.token },
  );
  expect(grid.status).toBe(200);
  return grid.body.filter((slot) => slot.fecha === fecha && slot.tipo === 'Disponible').map((slot) => slot.hora_inicio);
};

const slotState = (server: TestServer, id_doctor: number, fecha: string, hora: string) =>
  server.database.db.selectFrom('agenda').select('estado').where('id_doctor', '=', id_doctor).where('fecha', '=', fecha).where('hora_inicio', '=', hora).executeTakeFirst();

describe.each(DATABASES)('a slot freed where the doctor no longer works on %s', (kind) => {
  const server = useTestServer(kind, { env: { AGENDA_FILL_POLL_SECONDS: '0', REMINDER_POLL_SECONDS: '0' } });

  it('inside an absence: cancelling the visit does not reopen its time', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await setHours(server, doctor, WEEK);
    const visit = await bookSlot(server, patient, doctor, '2026-03-17', '10:00', { estado: 'Confirmada' });
    const absence = await server.request('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-17', fecha_fin: '2026-03-17', motivo: 'Congreso' },
    });
    expect(absence.status, JSON.stringify(absence.body)).toBe(201);

    const cancelled = await server.request('PUT', `/api/citas/${visit.id_cita}/cancelar`, { token: patient.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await slotState(server, doctor.id_doctor as number, '2026-03-17', '10:00'))?.estado).not.toBe('Disponible');
    expect(await bookable(server, patient, doctor, '2026-03-17')).toEqual([]);
    const booking = await server.request('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-17', hora: '10:00', motivo: 'Revisión', recordatorio: false },
    });
    expect(booking.status).not.toBe(201);
  });

  it('inside an absence: cancelling a longer visit reopens none of the slots it held', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await setHours(server, doctor, WEEK);
    const type = await addVisitType(server, admin, { nombre_es: `Larga ${kind}`, nombre_ca: `Llarga ${kind}`, nombre_en: `Long ${kind}`, duracion_min: 60 });
    const booked = await server.request<{ id_cita: number; hora_fin: string }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-17', hora: '10:00', motivo: 'Control', id_tipo_visita: type.id_tipo },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.hora_fin).toBe('11:00');
    const absence = await server.request('POST', '/api/agenda/ausencias', {
      token: doctor.token,
      body: { fecha_inicio: '2026-03-17', fecha_fin: '2026-03-17', motivo: 'Congreso' },
    });
    expect(absence.status, JSON.stringify(absence.body)).toBe(201);

    const cancelled = await server.request('PUT', `/api/citas/${booked.body.id_cita}/cancelar`, { token: patient.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    for (const hora of ['10:00', '10:30']) expect((await slotState(server, doctor.id_doctor as number, '2026-03-17', hora))?.estado).not.toBe('Disponible');
    expect(await bookable(server, patient, doctor, '2026-03-17')).toEqual([]);
  });

  it('outside the hours now in force: a rejection removes the time; inside them it is free again', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await setHours(server, doctor, WEEK);
    const friday = await bookSlot(server, patient, doctor, '2026-03-20', '10:00');
    const thursday = await bookSlot(server, patient, doctor, '2026-03-19', '10:00');
    // The doctor stops working on Fridays; the booked visit stays until someone acts on it.
    await setHours(server, doctor, WEEK.filter((franja) => franja.dia_semana !== 5));
    expect((await slotState(server, doctor.id_doctor as number, '2026-03-20', '10:00'))?.estado).toBe('Reservado');

    for (const id_cita of [friday.id_cita, thursday.id_cita]) {
      const rejected = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada' } });
      expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    }
    expect((await slotState(server, doctor.id_doctor as number, '2026-03-20', '10:00'))?.estado).not.toBe('Disponible');
    expect(await bookable(server, patient, doctor, '2026-03-20')).toEqual([]);
    expect(await bookable(server, patient, doctor, '2026-03-19')).toContain('10:00');
  });
});
