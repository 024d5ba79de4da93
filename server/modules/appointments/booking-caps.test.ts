import { describe, expect, it } from 'vitest';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';

// One new patient booked a doctor's 144 free slots in a second. The test clock starts on Monday
// 2026-03-02 at 09:00 in Madrid.
const DAYS = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10'];

const booking = (id_doctor: number, fecha: string, hora: string) => ({ id_doctor, fecha, hora, motivo: 'Revisión', recordatorio: false });

async function doctorWithDays(server: TestServer, horas = ['10:00', '10:30', '11:00']) {
  const doctor = await server.createUser('doctor');
  for (const fecha of DAYS) await openSlots(server, doctor.id_doctor as number, fecha, horas);
  return doctor.id_doctor as number;
}

describe.each(DATABASES)('booking caps on %s', (kind) => {
  const server = useTestServer(kind);
  const book = (token: string, body: ReturnType<typeof booking>, language = 'es') =>
    server.request<{ code: string; detail: string; id_cita: number }>('POST', '/api/citas', {
      token,
      body,
      headers: { 'accept-language': language },
    });

  it('one visit per doctor and day: a second slot of that day is refused with 409 limite_citas_doctor_dia', async () => {
    const id_doctor = await doctorWithDays(server);
    const patient = await server.createUser('paciente');
    expect((await book(patient.token, booking(id_doctor, DAYS[0] as string, '10:00'))).status).toBe(201);
    const second = await book(patient.token, booking(id_doctor, DAYS[0] as string, '10:30'));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'limite_citas_doctor_dia', detail: 'Ya tienes una cita con este doctor ese día. Elige otro día.' });
    // Another day, or another patient the same day, is fine.
    expect((await book(patient.token, booking(id_doctor, DAYS[1] as string, '10:00'))).status).toBe(201);
    const other = await server.createUser('paciente');
    expect((await book(other.token, booking(id_doctor, DAYS[0] as string, '10:30'))).status).toBe(201);
  });

  it('at most 4 active future visits; a cancelled one frees its place', async () => {
    const id_doctor = await doctorWithDays(server);
    const patient = await server.createUser('paciente');
    const ids: number[] = [];
    for (const fecha of DAYS.slice(0, 4)) {
      const created = await book(patient.token, booking(id_doctor, fecha, '11:00'));
      expect(created.status, fecha).toBe(201);
      ids.push(created.body.id_cita);
    }
    const fifth = await book(patient.token, booking(id_doctor, DAYS[4] as string, '11:00'), 'en');
    expect(fifth.status).toBe(409);
    expect(fifth.body).toMatchObject({
      code: 'limite_citas_activas',
      detail: 'You already have the most pending or confirmed visits allowed (4). Cancel one before asking for another.',
    });
    await server.database.db.updateTable('citas').set({ estado: 'Cancelada' }).where('id_cita', '=', ids[0] as number).execute();
    expect((await book(patient.token, booking(id_doctor, DAYS[4] as string, '11:00'))).status).toBe(201);
  });

  it('holds under a burst: 20 concurrent requests of one patient over many slots book 4 visits at most', async () => {
    const doctors = [await doctorWithDays(server), await doctorWithDays(server)];
    const patient = await server.createUser('paciente');
    const bodies = doctors.flatMap((id_doctor) => DAYS.flatMap((fecha) => ['10:00', '10:30'].map((hora) => booking(id_doctor, fecha, hora))));
    const answers = await Promise.all(bodies.slice(0, 20).map((body) => book(patient.token, body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const active = await server.database.db.selectFrom('citas').select('id_cita').where('id_paciente', '=', patient.id_paciente as number).execute();
    expect(active).toHaveLength(4);
  });
});

describe.each(DATABASES)('booking caps set by configuration on %s', (kind) => {
  const server = useTestServer(kind, { env: { MAX_ACTIVE_VISITS_PER_PATIENT: '2', MAX_VISITS_PER_DOCTOR_DAY: '2' } });

  it('follows MAX_ACTIVE_VISITS_PER_PATIENT and MAX_VISITS_PER_DOCTOR_DAY', async () => {
    const id_doctor = await doctorWithDays(server);
    const patient = await server.createUser('paciente');
    const book = (hora: string) => server.request<{ code: string }>('POST', '/api/citas', { token: patient.token, body: booking(id_doctor, DAYS[0] as string, hora) });
    expect((await book('10:00')).status).toBe(201);
    expect((await book('10:30')).status).toBe(201);
    const third = await book('11:00');
    expect(third.status).toBe(409);
    expect(third.body.code).toBe('limite_citas_activas');
  });
});
