import { describe, expect, it } from 'vitest';
import { openDay } from '../testing/agenda.ts';
import { addConsultation } from '../testing/patients.ts';
import { DATABASES, useTestServer } from '../testing/test-server.ts';
import { attachVisitsToConsultations } from './migrations/020-one-agenda.ts';
import { seedDemoClinic } from '../seed/demo.ts';

describe.each(DATABASES)('consultations written before the one agenda, on %s', (kind) => {
  const server = useTestServer(kind);

  it('each get their slot and a confirmed visit, unless that would double-book the doctor', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const rival = await server.createUser('paciente');
    const ids = { id_paciente: patient.id_paciente!, id_doctor: doctor.id_doctor! };
    await openDay(server, doctor, '2026-03-04', ['09:00', '09:15']);
    const onFreeSlot = await addConsultation(server, { ...ids, fecha: '2026-03-04', hora: '09:00', estado: 'pendiente' });
    const withoutSlot = await addConsultation(server, { ...ids, fecha: '2026-01-10', hora: '12:00', estado: 'finalizada' });
    // 09:15 is booked by another patient: that consultation keeps no visit rather than double-book.
    const booking = await server.request('POST', '/api/citas', {
      token: rival.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-04', hora: '09:15', motivo: 'Dolor', recordatorio: false },
    });
    expect(booking.status).toBe(201);
    const onTakenSlot = await addConsultation(server, { ...ids, fecha: '2026-03-04', hora: '09:15' });

    const db = server.database.db;
    const attached = await attachVisitsToConsultations(db);
    expect(attached).toBeGreaterThanOrEqual(2);
    const rows = await db
      .selectFrom('consultas as q')
      .leftJoin('citas as c', 'c.id_cita', 'q.id_cita')
      .leftJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
      .select(['q.id_consulta', 'q.estado', 'c.estado as cita', 'c.id_paciente', 'a.estado as hueco', 'a.hora_inicio', 'a.hora_fin'])
      .where('q.id_consulta', 'in', [onFreeSlot, withoutSlot, onTakenSlot])
      .orderBy('q.id_consulta')
      .execute();
    expect(rows).toEqual([
      { id_consulta: onFreeSlot, estado: 'confirmada', cita: 'Confirmada', id_paciente: patient.id_paciente, hueco: 'Reservado', hora_inicio: '09:00', hora_fin: '09:15' },
      { id_consulta: withoutSlot, estado: 'finalizada', cita: 'Confirmada', id_paciente: patient.id_paciente, hueco: 'Reservado', hora_inicio: '12:00', hora_fin: '12:15' },
      { id_consulta: onTakenSlot, estado: 'finalizada', cita: null, id_paciente: null, hueco: null, hora_inicio: null, hora_fin: null },
    ]);
    // Run again, nothing changes.
    expect(await attachVisitsToConsultations(db)).toBe(0);
    // The past one is now among the patient's past visits.
    const past = await server.request<{ fecha: string }[]>('GET', '/api/citas/mias?periodo=pasadas', { token: patient.token });
    expect(past.body.map((visit) => visit.fecha)).toContain('2026-01-10');
  });

  it("gives the demo clinic's consultations their visits, so no visit is missing from anyone's lists", async () => {
    const db = server.database.db;
    const orphans = () => db.selectFrom('consultas').select('id_consulta').where('id_cita', 'is', null).execute();
    const before = await orphans();
    const consultations = await db.selectFrom('consultas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await seedDemoClinic(db, server.clock.now(), server.config);
    const after = await db.selectFrom('consultas').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThan(Number(consultations.n));
    expect(await orphans()).toEqual(before);
  });
});
