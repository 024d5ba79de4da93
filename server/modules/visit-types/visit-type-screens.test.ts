import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { HistorialItem } from '../../../contracts/history.ts';
import type { CifrasClinica, InicioMedico } from '../../../contracts/home.ts';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';
import { addVisitType } from '../../testing/visit-types.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid; the visit is on Tuesday.
const DAY = '2026-03-03';

describe.each(DATABASES)('a visit’s type on the screens that show visits, on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' } });

  it('names the type in the doctor’s day (its later slots part of the visit), the home figures and both histories', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const id_doctor = doctor.id_doctor as number;
    const type = await addVisitType(server, admin, { nombre_es: `Analítica ${kind}`, nombre_ca: `Analítica ${kind}`, nombre_en: `Blood test ${kind}`, duracion_min: 30 });
    await openSlots(server, id_doctor, DAY, ['10:00', '10:15', '10:30'], { minutes: 15 });
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor, fecha: DAY, hora: '10:00', motivo: 'Control', id_tipo_visita: type.id_tipo },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id_cita = booked.body.id_cita;
    expect((await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);

    // The day view: the first slot carries the visit and its type, the second says it is part of it.
    const day = await server.request<Bloque[]>('GET', `/api/agenda?fecha=${DAY}`, { token: doctor.token, headers: { 'accept-language': 'en' } });
    expect(day.status).toBe(200);
    const [first, second, third] = day.body;
    expect(first?.cita?.tipo_visita).toEqual({ id_tipo: type.id_tipo, nombre: `Blood test ${kind}`, color: type.color });
    expect(first?.parte_de_cita ?? null).toBeNull();
    expect(second).toMatchObject({ hora_inicio: '10:15', estado: 'Reservado', cita: null, parte_de_cita: id_cita });
    expect(third).toMatchObject({ hora_inicio: '10:30', estado: 'Disponible', cita: null, parte_de_cita: null });

    // The admin's figures count this week's visits by type.
    const figures = await server.request<CifrasClinica>('GET', '/api/admin/cifras', { token: admin.token });
    expect(figures.status).toBe(200);
    expect(figures.body.visitas_semana_por_tipo).toContainEqual({ id_tipo: type.id_tipo, nombre: `Analítica ${kind}`, color: type.color, visitas: 1 });

    try {
      server.clock.set('2026-03-03T09:10:00Z'); // 10:10 in Madrid, the visit under way
      const home = await server.request<InicioMedico>('GET', '/api/medico/inicio', { token: doctor.token });
      expect(home.status).toBe(200);
      expect(home.body.visitas_hoy.map((visit) => visit.tipo_visita?.nombre)).toEqual([`Analítica ${kind}`]);
      expect(home.body.visitas_hoy_por_tipo).toEqual([{ id_tipo: type.id_tipo, nombre: `Analítica ${kind}`, color: type.color, visitas: 1 }]);

      const mine = await server.request<HistorialItem[]>('GET', '/api/paciente/historial', { token: patient.token, headers: { 'accept-language': 'ca' } });
      expect(mine.status).toBe(200);
      expect(mine.body.map((item) => item.tipo_visita?.nombre)).toEqual([`Analítica ${kind}`]);
      const doctors = await server.request<HistorialItem[]>('GET', '/api/usuarios/historial', { token: doctor.token, headers: { 'accept-language': 'en' } });
      expect(doctors.status).toBe(200);
      expect(doctors.body.map((item) => item.tipo_visita?.nombre)).toEqual([`Blood test ${kind}`]);
    } finally {
      server.clock.set('2026-03-02T08:00:00Z');
    }
  });

  it('a walk-in at the desk takes its type’s whole length, from the first time today it fits', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const desk = await server.createUser('recepcion');
    const patient = await server.createUser('paciente');
    const id_doctor = doctor.id_doctor as number;
    const created = await addVisitType(server, admin, { nombre_es: `Cura ${kind}`, nombre_ca: `Cura ${kind}`, nombre_en: `Dressing ${kind}`, duracion_min: 30, color: '#2f9e44', reserva: 'personal' });
    // Today (Monday, 09:00 in Madrid): 09:30 is taken, so a 30-minute visit cannot start at 09:15.
    const today = '2026-03-02';
    await openSlots(server, id_doctor, today, ['09:15', '09:30', '09:45', '10:00'], { minutes: 15 });
    await server.database.db.updateTable('agenda').set({ estado: 'Reservado' }).where('id_doctor', '=', id_doctor).where('fecha', '=', today).where('hora_inicio', '=', '09:30').execute();

    const walkIn = await server.request<{ id_cita: number; hora: string }>('POST', '/api/recepcion/sin-cita', {
      token: desk.token,
      body: { id_paciente: patient.id_paciente, id_doctor, motivo: 'Cura', modo: 'hueco', id_tipo_visita: created.id_tipo },
    });
    expect(walkIn.status, JSON.stringify(walkIn.body)).toBe(201);
    expect(walkIn.body.hora).toBe('09:45');
    const slots = await server.database.db.selectFrom('agenda').select(['hora_inicio', 'estado']).where('id_doctor', '=', id_doctor).where('fecha', '=', today).orderBy('hora_inicio').execute();
    expect(slots.map((slot) => `${slot.hora_inicio.slice(0, 5)} ${slot.estado}`)).toEqual(['09:15 Disponible', '09:30 Reservado', '09:45 Reservado', '10:00 Reservado']);
    const visit = await server.database.db.selectFrom('citas').select(['id_tipo_visita', 'duracion_min']).where('id_cita', '=', walkIn.body.id_cita).executeTakeFirstOrThrow();
    expect(visit).toEqual({ id_tipo_visita: created.id_tipo, duracion_min: 30 });

    // No room left for another: the desk is told so, and nothing is taken.
    const other = await server.createUser('paciente');
    const none = await server.request<{ code: string }>('POST', '/api/recepcion/sin-cita', {
      token: desk.token,
      body: { id_paciente: other.id_paciente, id_doctor, motivo: 'Cura', modo: 'hueco', id_tipo_visita: created.id_tipo },
    });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('sin_cita_sin_hueco');
    expect((await server.database.db.selectFrom('agenda').select('estado').where('id_doctor', '=', id_doctor).where('hora_inicio', '=', '09:15').executeTakeFirstOrThrow()).estado).toBe('Disponible');
  });
});
