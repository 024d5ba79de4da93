import { describe, expect, it } from 'vitest';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid; the visits are weeks later, far
// outside any notice.
const DAY = '2026-04-14';
const ROUNDS = 32;


/** Every held slot is held by exactly one active visit, and every active visit holds its slot. */
async function expectAgendaConsistent(server: TestServer, id_doctor: number) {
  const db = server.database.db;
  const slots = await db.selectFrom('agenda').select(['id_agenda', 'estado']).where('id_doctor', '=', id_doctor).execute();
  const visits = await db.selectFrom('citas').select(['id_cita', 'id_agenda', 'estado']).where('id_doctor', '=', id_doctor).execute();
  const active = visits.filter((visit) => visit.estado !== 'Cancelada');
  const held = new Set(active.map((visit) => visit.id_agenda));
  expect(held.size).toBe(active.length);
  for (const slot of slots) expect({ slot: slot.id_agenda, reserved: slot.estado === 'Reservado' }).toEqual({ slot: slot.id_agenda, reserved: held.has(slot.id_agenda) });
  // An unfinished consultation stays only with a visit still on.
  const consultations = await db.selectFrom('consultas').select('id_cita').where('id_doctor', '=', id_doctor).execute();
  const on = new Set(active.map((visit) => visit.id_cita));
  for (const consultation of consultations) expect(on.has(consultation.id_cita as number)).toBe(true);
}

describe.each(DATABASES)('a doctor answering, the patient cancelling and moving one visit at once on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0' } });

  it(`never fails with a server error and leaves the agenda consistent (${ROUNDS} rounds)`, async () => {
    const doctor = await server.createUser('doctor');
    const id_doctor = doctor.id_doctor as number;
    const patients: TestUser[] = [];
    // Each round uses its own patient: the hourly cap on changes is per patient.
    for (let round = 0; round < ROUNDS; round += 1) patients.push(await server.createUser('paciente'));
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const patient = patients[round] as TestUser;
      const hour = String(8 + Math.floor(round / 2)).padStart(2, '0');
      const [from, to] = round % 2 === 0 ? [`${hour}:00`, `${hour}:15`] : [`${hour}:30`, `${hour}:45`];
      await openSlots(server, id_doctor, DAY, [from, to], { minutes: 15 });
      const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: patient.token,
        body: { id_doctor, fecha: DAY, hora: from, motivo: 'Revisión', recordatorio: true },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const id_cita = booked.body.id_cita;
      // Half the rounds confirm, half reject; the answer names the time the doctor saw.
      const estado = round % 2 === 0 ? 'Confirmada' : 'Cancelada';
      const replies = await Promise.all([
        server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado, fecha: DAY, hora: from } }),
        server.request('PUT', `/api/citas/${id_cita}/cancelar`, { token: patient.token }),
        server.request('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha: DAY, hora: to } }),
      ]);
      for (const [index, reply] of replies.entries()) {
        if (reply.status !== 200 && reply.status !== 409) failures.push(`round ${round}, request ${index}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
      // Whoever came first, the visit ends cancelled: by the doctor's rejection or the patient.
      const visit = await server.database.db.selectFrom('citas').select('estado').where('id_cita', '=', id_cita).executeTakeFirstOrThrow();
      expect(visit.estado, JSON.stringify(replies.map((reply) => [reply.status, reply.body]))).toBe('Cancelada');
    }
    expect(failures).toEqual([]);
    await expectAgendaConsistent(server, id_doctor);
  }, 60_000);

  it('an answer naming a time the patient has moved away from changes nothing (409); one naming the new time acts on the visit as it is', async () => {
    const doctor = await server.createUser('doctor');
    const id_doctor = doctor.id_doctor as number;
    const patient = await server.createUser('paciente');
    await openSlots(server, id_doctor, DAY, ['10:00', '10:30']);
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor, fecha: DAY, hora: '10:00', motivo: 'Revisión', recordatorio: false },
    });
    const id_cita = booked.body.id_cita;
    expect((await server.request('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha: DAY, hora: '10:30' } })).status).toBe(200);

    for (const estado of ['Confirmada', 'Cancelada']) {
      const stale = await server.request<{ code: string; detail: string }>('PUT', `/api/agenda/citas/${id_cita}`, {
        token: doctor.token,
        body: { estado, fecha: DAY, hora: '10:00' },
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'cita_cambiada_por_paciente', detail: 'El paciente acaba de cambiar la hora de esta solicitud. Revisa la nueva hora antes de responder.' });
    }
    const visit = () => server.database.db.selectFrom('citas').select(['estado', 'hora']).where('id_cita', '=', id_cita).executeTakeFirstOrThrow();
    expect(await visit()).toEqual({ estado: 'pendiente', hora: '10:30' });

    // Rejecting at the time the doctor now sees frees the slot the visit holds now.
    const rejected = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada', fecha: DAY, hora: '10:30' } });
    expect(rejected.status).toBe(200);
    await expectAgendaConsistent(server, id_doctor);
    // Naming only half of the time is refused as bad input.
    expect((await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada', fecha: DAY } })).status).toBe(400);
  });
});
