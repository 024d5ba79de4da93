import { describe, expect, it } from 'vitest';
import { doctorPayload, specialtyId } from '../admin.ts';
import { openDay } from '../agenda.ts';
import { DATABASES, useTestServer } from '../test-server.ts';

describe.each(DATABASES)('id fields in request bodies on %s', (kind) => {
  const server = useTestServer(kind);

  it('take a number or a string of digits alike, everywhere, and refuse anything else with 400', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const cardiology = await specialtyId(server);
    await openDay(server, doctor, '2026-03-09', ['09:00', '09:15', '09:30']);

    const registered = await server.request('POST', '/api/registro-doctor', {
      token: admin.token,
      body: doctorPayload('idtexto', cardiology, { id_especialidad: String(cardiology) as unknown as number }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const booked = await server.request('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: String(doctor.id_doctor), fecha: '2026-03-09', hora: '09:00', motivo: 'Dolor', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    const assigned = await server.request('POST', '/api/consultas', {
      token: doctor.token,
      body: { pacienteId: String(patient.id_usuario), fecha: '2026-03-09', hora: '09:15', motivo: 'Control' },
    });
    expect(assigned.status).toBe(201);

    for (const bad of [true, '5a', 1.5, '', -3, '99999999999', null]) {
      const refused = await server.request('POST', '/api/consultas', {
        token: doctor.token,
        body: { pacienteId: bad, fecha: '2026-03-09', hora: '09:30', motivo: 'Control' },
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      const doctorRefused = await server.request('POST', '/api/registro-doctor', {
        token: admin.token,
        body: doctorPayload(`mal${String(bad).length}`, cardiology, { id_especialidad: bad as unknown as number }),
      });
      expect(doctorRefused.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
