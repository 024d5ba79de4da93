import { describe, expect, it } from 'vitest';
import type { CifrasClinica, InicioMedico, InicioPaciente } from '../../../contracts/home.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { openSlots, setSpecialty } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 08:00Z, 09:00 in Madrid.
const YESTERDAY = '2026-03-01';
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const WEDNESDAY = '2026-03-04';
const THURSDAY = '2026-03-05';
const FRIDAY = '2026-03-06';
const LAST_WEEK = '2026-02-23';

async function book(
  server: TestServer,
  patient: TestUser,
  doctor: TestUser,
  fecha: string,
  hora: string,
  motivo = 'Dolor de cabeza',
) {
  const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
    token: patient.token,
    body: { id_doctor: doctor.id_doctor, fecha, hora, motivo, recordatorio: false },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id_cita;
}

async function answer(server: TestServer, doctor: TestUser, id_cita: number, estado: 'Confirmada' | 'Cancelada') {
  const response = await server.request('PUT', `/api/agenda/citas/${id_cita}`, {
    token: doctor.token,
    body: { estado },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const get = <T>(server: TestServer, path: string, user?: TestUser, language?: string) =>
  server.request<T>('GET', path, {
    token: user?.token,
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

describe.each(DATABASES)('home screens on %s', (kind) => {
  describe('GET /api/paciente/inicio', () => {
    const server = useTestServer(kind);

    it('answers 401 without a token and 403 to a doctor or an admin', async () => {
      expect((await get(server, '/api/paciente/inicio')).status).toBe(401);
      const doctor = await server.createUser('doctor');
      const admin = await server.createUser('admin');
      expect((await get(server, '/api/paciente/inicio', doctor)).status).toBe(403);
      const refused = await get<{ code: string }>(server, '/api/paciente/inicio', admin);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('sin_permiso');
    });

    it("shows the patient's next visit, the other upcoming ones and the answers since the last visit, never another patient's", async () => {
      server.clock.set('2026-03-02T08:00:00Z');
      const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
      await setSpecialty(server, doctor.id_doctor!, 'cardiologia');
      const ana = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'Ruiz' });
      const bea = await server.createUser('paciente', { nombre: 'Bea', apellido1: 'Soler' });
      await openSlots(server, doctor.id_doctor!, LAST_WEEK, ['10:00']);
      await openSlots(server, doctor.id_doctor!, TODAY, ['08:00']);
      await openSlots(server, doctor.id_doctor!, TOMORROW, ['09:00']);
      await openSlots(server, doctor.id_doctor!, WEDNESDAY, ['10:00', '11:00']);
      await openSlots(server, doctor.id_doctor!, THURSDAY, ['12:00']);
      await openSlots(server, doctor.id_doctor!, FRIDAY, ['12:30']);

      // Answered before Ana's last visit (today 08:00, already begun at 09:00): not news any more.
      const old = await bookSlot(server, ana, doctor, LAST_WEEK, '10:00', { estado: 'Cancelada' });
      await server.database.db
        .updateTable('citas')
        .set({ cancelada_por: 'doctor', motivo_rechazo: 'Antiguo', actualizado_en: '2026-02-20T10:00:00.000Z' })
        .where('id_cita', '=', old.id_cita)
        .execute();
      await bookSlot(server, ana, doctor, TODAY, '08:00', { estado: 'Confirmada' });

      const tomorrow = await book(server, ana, doctor, TOMORROW, '09:00', 'Revisión de tensión');
      const confirmed = await book(server, ana, doctor, WEDNESDAY, '10:00');
      const rejected = await book(server, ana, doctor, THURSDAY, '12:00');
      const cancelledByAna = await book(server, ana, doctor, FRIDAY, '12:30');
      const beas = await book(server, bea, doctor, WEDNESDAY, '11:00', 'Motivo de Bea');
      server.clock.advanceMinutes(5);
      await answer(server, doctor, confirmed, 'Confirmada');
      server.clock.advanceMinutes(5);
      await answer(server, doctor, rejected, 'Cancelada');
      // The reason the doctor's reject dialog stores (PUT /api/agenda/citas/{id} with motivo).
      await server.database.db
        .updateTable('citas')
        .set({ motivo_rechazo: 'Estaré de guardia' })
        .where('id_cita', '=', rejected)
        .execute();
      expect((await server.request('PUT', `/api/citas/${cancelledByAna}/cancelar`, { token: ana.token })).status).toBe(
        200,
      );

      const home = await get<InicioPaciente>(server, '/api/paciente/inicio', ana);
      expect(home.status).toBe(200);
      expect(home.body.hoy).toBe(TODAY);
      expect(home.body.proxima).toEqual({
        id_cita: tomorrow,
        fecha: TOMORROW,
        hora: '09:00',
        doctor: 'Pere Puig',
        especialidad: 'Cardiología',
        estado: 'pendiente',
        tipo: 'Consulta',
        motivo: 'Revisión de tensión',
        // At 09:10 on Monday, Tuesday's 09:00 is inside the clinic's 24 h notice: cancelling it is a call.
        fuera_de_plazo: true,
      });
      expect(home.body.otras.map((v) => [v.id_cita, v.estado, v.fuera_de_plazo])).toEqual([[confirmed, 'Confirmada', false]]);
      expect(home.body.total_proximas).toBe(2);
      expect(home.body.respuestas.map((r) => [r.id_cita, r.estado, r.motivo_rechazo])).toEqual([
        [rejected, 'Cancelada', 'Estaré de guardia'],
        [confirmed, 'Confirmada', null],
      ]);
      expect(JSON.stringify(home.body)).not.toContain('Motivo de Bea');

      // Specialty names follow the request's language.
      const inEnglish = await get<InicioPaciente>(server, '/api/paciente/inicio', ana, 'en');
      expect(inEnglish.body.proxima?.especialidad).toBe('Cardiology');

      const bs = await get<InicioPaciente>(server, '/api/paciente/inicio', bea);
      expect(bs.body.proxima?.id_cita).toBe(beas);
      expect(bs.body.otras).toEqual([]);
      expect(bs.body.total_proximas).toBe(1);
      expect(bs.body.respuestas).toEqual([]);
      expect(JSON.stringify(bs.body)).not.toContain('Revisión de tensión');

      // Tomorrow at 09:30 the 09:00 visit has begun: Wednesday's is next, and answers since then only.
      server.clock.set('2026-03-03T08:30:00Z');
      const later = await get<InicioPaciente>(server, '/api/paciente/inicio', ana);
      expect(later.body.hoy).toBe(TOMORROW);
      expect(later.body.proxima?.id_cita).toBe(confirmed);
      expect(later.body.total_proximas).toBe(1);
      // The 09:00 visit was never confirmed, so the last visit is still today's 08:00: answers stay.
      expect(later.body.respuestas).toHaveLength(2);
    });

    it('answers a patient with no visits with nothing to show', async () => {
      const patient = await server.createUser('paciente');
      const home = await get<InicioPaciente>(server, '/api/paciente/inicio', patient);
      expect(home.body).toMatchObject({ proxima: null, otras: [], total_proximas: 0, respuestas: [] });
    });
  });

  describe('GET /api/medico/inicio', () => {
    const server = useTestServer(kind);

    it('answers 401 without a token and 403 to a patient or an admin', async () => {
      expect((await get(server, '/api/medico/inicio')).status).toBe(401);
      expect((await get(server, '/api/medico/inicio', await server.createUser('paciente'))).status).toBe(403);
      expect((await get(server, '/api/medico/inicio', await server.createUser('admin'))).status).toBe(403);
    });

    it("lists the doctor's visits today in time order, the oldest requests, and tomorrow's count; never another doctor's", async () => {
      server.clock.set('2026-03-02T08:00:00Z');
      const doctor = await server.createUser('doctor');
      const other = await server.createUser('doctor');
      const ana = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'Ruiz' });
      const bea = await server.createUser('paciente', { nombre: 'Bea', apellido1: 'Soler' });
      await openSlots(server, doctor.id_doctor!, YESTERDAY, ['10:00']);
      await openSlots(server, doctor.id_doctor!, TODAY, ['08:30', '10:00', '11:00', '12:00']);
      await openSlots(server, doctor.id_doctor!, TOMORROW, ['09:00', '09:30', '10:00']);
      await openSlots(server, doctor.id_doctor!, WEDNESDAY, ['10:00']);
      await openSlots(server, other.id_doctor!, TODAY, ['10:30']);

      // Oldest request first: Wednesday's was asked for before today's.
      server.clock.set('2026-02-25T08:00:00Z');
      const stale = await bookSlot(server, bea, doctor, YESTERDAY, '10:00'); // a day gone: no longer waiting
      const wednesday = await bookSlot(server, ana, doctor, WEDNESDAY, '10:00', { motivo: 'Control' });
      server.clock.set('2026-02-26T08:00:00Z');
      const pending = await bookSlot(server, bea, doctor, TODAY, '10:00');
      const tomorrowPending = await bookSlot(server, bea, doctor, TOMORROW, '09:00');
      server.clock.set('2026-03-02T08:00:00Z');
      const confirmed = await bookSlot(server, ana, doctor, TODAY, '11:00', { estado: 'Confirmada' });
      const early = await bookSlot(server, bea, doctor, TODAY, '08:30', { estado: 'Confirmada' });
      await bookSlot(server, ana, doctor, TODAY, '12:00', { estado: 'Cancelada' });
      await bookSlot(server, ana, doctor, TOMORROW, '09:30', { estado: 'Confirmada' });
      await bookSlot(server, ana, doctor, TOMORROW, '10:00', { estado: 'Cancelada' });
      await bookSlot(server, ana, other, TODAY, '10:30', { estado: 'Confirmada', motivo: 'Del otro doctor' });
      await server.database.db
        .insertInto('consultas')
        .values({
          id_paciente: ana.id_paciente!,
          id_doctor: doctor.id_doctor!,
          id_cita: confirmed.id_cita,
          fecha: TODAY,
          hora: '11:00',
          tipo: 'Revisión',
          motivo: 'Dolor de cabeza',
          descripcion: null,
          diagnostico: null,
          recomendaciones: null,
          estado: 'confirmada',
          creado_en: '2026-03-02T08:00:00.000Z',
          finalizada_en: null,
        })
        .execute();

      const home = await get<InicioMedico>(server, '/api/medico/inicio', doctor);
      expect(home.status).toBe(200);
      expect(home.body.hoy).toBe(TODAY);
      expect(home.body.manana).toBe(TOMORROW);
      expect(home.body.visitas_hoy).toEqual([
        {
          id_cita: early.id_cita,
          hora: '08:30',
          id_paciente: bea.id_paciente,
          paciente: 'Bea Soler',
          tipo: 'Consulta',
          estado: 'Confirmada',
          motivo: 'Dolor de cabeza',
          tipo_visita: expect.objectContaining({ nombre: 'Consulta' }),
        },
        {
          id_cita: pending.id_cita,
          hora: '10:00',
          id_paciente: bea.id_paciente,
          paciente: 'Bea Soler',
          tipo: 'Consulta',
          estado: 'pendiente',
          motivo: 'Dolor de cabeza',
          tipo_visita: expect.objectContaining({ nombre: 'Consulta' }),
        },
        {
          id_cita: confirmed.id_cita,
          hora: '11:00',
          id_paciente: ana.id_paciente,
          paciente: 'Ana Ruiz',
          tipo: 'Revisión',
          estado: 'Confirmada',
          motivo: 'Dolor de cabeza',
          tipo_visita: expect.objectContaining({ nombre: 'Revisión' }),
        },
      ]);
      expect(home.body.pendientes_total).toBe(3);
      expect(home.body.pendientes.map((p) => p.id_cita)).toEqual([
        wednesday.id_cita,
        pending.id_cita,
        tomorrowPending.id_cita,
      ]);
      expect(home.body.pendientes[0]).toMatchObject({
        fecha: WEDNESDAY,
        hora: '10:00',
        paciente: 'Ana Ruiz',
        motivo: 'Control',
        solicitada_en: '2026-02-25T08:00:00.000Z',
      });
      expect(home.body.pendientes.map((p) => p.id_cita)).not.toContain(stale.id_cita);
      // Tomorrow: Bea's request still to answer and Ana's confirmed visit (her cancelled one does not count).
      expect([home.body.manana_total, home.body.manana_pendientes]).toEqual([2, 1]);
      expect(JSON.stringify(home.body)).not.toContain('Del otro doctor');

      const others = await get<InicioMedico>(server, '/api/medico/inicio', other);
      expect(others.body.visitas_hoy.map((v) => v.motivo)).toEqual(['Del otro doctor']);
      expect(others.body.pendientes_total).toBe(0);
      expect([others.body.manana_total, others.body.manana_pendientes]).toEqual([0, 0]);

      // Just before midnight it is still today; just after, tomorrow's visits are today's.
      server.clock.set('2026-03-02T22:59:00Z');
      expect((await get<InicioMedico>(server, '/api/medico/inicio', doctor)).body.visitas_hoy).toHaveLength(3);
      server.clock.set('2026-03-02T23:00:00Z');
      const next = await get<InicioMedico>(server, '/api/medico/inicio', doctor);
      expect(next.body.hoy).toBe(TOMORROW);
      expect(next.body.visitas_hoy.map((v) => v.hora)).toEqual(['09:00', '09:30']);
      expect(next.body.manana_total).toBe(1);
      // Today's request is a day gone now.
      expect(next.body.pendientes_total).toBe(2);
    });

    it('a request accepted from the home leaves the pending list', async () => {
      server.clock.set('2026-03-02T08:00:00Z');
      const doctor = await server.createUser('doctor');
      const patient = await server.createUser('paciente');
      await openSlots(server, doctor.id_doctor!, WEDNESDAY, ['09:00']);
      const id_cita = await book(server, patient, doctor, WEDNESDAY, '09:00');
      expect((await get<InicioMedico>(server, '/api/medico/inicio', doctor)).body.pendientes_total).toBe(1);
      await answer(server, doctor, id_cita, 'Confirmada');
      const home = await get<InicioMedico>(server, '/api/medico/inicio', doctor);
      expect(home.body.pendientes_total).toBe(0);
      expect(home.body.pendientes).toEqual([]);
    });
  });

  describe('GET /api/admin/cifras', () => {
    const server = useTestServer(kind);

    it('answers 401 without a token and 403 to a patient or a doctor', async () => {
      expect((await get(server, '/api/admin/cifras')).status).toBe(401);
      expect((await get(server, '/api/admin/cifras', await server.createUser('paciente'))).status).toBe(403);
      expect((await get(server, '/api/admin/cifras', await server.createUser('doctor'))).status).toBe(403);
    });

    it('counts the active visits of today and this week, pending requests, new patients this month and the booked share per doctor', async () => {
      server.clock.set('2026-03-02T08:00:00Z');
      const admin = await server.createUser('admin');
      const before = (await get<CifrasClinica>(server, '/api/admin/cifras', admin)).body;
      const busy = await server.createUser('doctor', { nombre: 'Marta', apellido1: 'Vidal' });
      const quiet = await server.createUser('doctor', { nombre: 'Joan', apellido1: 'Mas' });
      await setSpecialty(server, busy.id_doctor!, 'cardiologia');
      const patients = await Promise.all([1, 2, 3].map(() => server.createUser('paciente')));
      const [ana, bea, carla] = patients as [TestUser, TestUser, TestUser];
      // Registered last month, at the end of this month, and a patient who left.
      await server.database.db
        .updateTable('pacientes')
        .set({ fecha_alta: '2026-02-28' })
        .where('id_paciente', '=', bea.id_paciente!)
        .execute();
      await server.database.db
        .updateTable('pacientes')
        .set({ fecha_alta: '2026-03-31' })
        .where('id_paciente', '=', carla.id_paciente!)
        .execute();
      const gone = await server.createUser('paciente');
      await server.database.db
        .updateTable('usuarios')
        .set({ activo: 0 })
        .where('id_usuario', '=', gone.id_usuario)
        .execute();

      await openSlots(server, busy.id_doctor!, '2026-03-01', ['10:00']); // last week's Sunday
      await openSlots(server, busy.id_doctor!, TODAY, ['10:00', '10:30', '11:00']);
      await openSlots(server, busy.id_doctor!, '2026-03-08', ['10:00']); // this week's Sunday
      await openSlots(server, busy.id_doctor!, '2026-03-09', ['10:00']); // next week
      await openSlots(server, busy.id_doctor!, TODAY, ['13:00'], { tipo: 'Bloqueo', estado: 'Bloqueado' });
      await openSlots(server, busy.id_doctor!, WEDNESDAY, ['09:00'], { estado: 'Bloqueado' });
      await openSlots(server, quiet.id_doctor!, WEDNESDAY, ['09:00']);
      await openSlots(server, busy.id_doctor!, '2026-02-27', ['10:00']);

      await bookSlot(server, ana, busy, '2026-03-01', '10:00', { estado: 'Confirmada' });
      await bookSlot(server, ana, busy, TODAY, '10:00', { estado: 'Confirmada' });
      await bookSlot(server, bea, busy, TODAY, '10:30'); // pending
      await bookSlot(server, carla, busy, TODAY, '11:00', { estado: 'Cancelada' });
      await bookSlot(server, ana, busy, '2026-03-08', '10:00', { estado: 'Confirmada' });
      await bookSlot(server, bea, busy, '2026-03-09', '10:00'); // pending, next week
      await bookSlot(server, carla, busy, '2026-02-27', '10:00'); // pending, a day gone

      const figures = await get<CifrasClinica>(server, '/api/admin/cifras', admin);
      expect(figures.status).toBe(200);
      expect(figures.body).toMatchObject({
        hoy: TODAY,
        semana_desde: TODAY,
        semana_hasta: '2026-03-08',
        mes_desde: '2026-03-01',
        mes_hasta: '2026-03-31',
        visitas_hoy: 2,
        visitas_semana: 3,
        solicitudes_pendientes: 2,
        pacientes_nuevos_mes: before.pacientes_nuevos_mes + 2,
      });
      // Busy: 4 consultation slots opened this week (blocked ones do not count), 3 booked (the cancelled visit freed its slot).
      expect(figures.body.ocupacion).toEqual([
        { id_doctor: busy.id_doctor, doctor: 'Marta Vidal', especialidad: 'Cardiología', reservados: 3, abiertos: 4 },
        {
          id_doctor: quiet.id_doctor,
          doctor: 'Joan Mas',
          especialidad: expect.any(String),
          reservados: 0,
          abiertos: 1,
        },
      ]);

      // Sunday 23:30 in Madrid is still this week; Monday 00:30 starts the next one.
      server.clock.set('2026-03-08T22:30:00Z');
      const sunday = (await get<CifrasClinica>(server, '/api/admin/cifras', admin)).body;
      expect([sunday.hoy, sunday.semana_desde, sunday.visitas_hoy, sunday.visitas_semana]).toEqual([
        '2026-03-08',
        TODAY,
        1,
        3,
      ]);
      expect(sunday.solicitudes_pendientes).toBe(1);
      server.clock.set('2026-03-08T23:30:00Z');
      const monday = (await get<CifrasClinica>(server, '/api/admin/cifras', admin)).body;
      expect([monday.hoy, monday.semana_desde, monday.semana_hasta, monday.visitas_hoy, monday.visitas_semana]).toEqual(
        ['2026-03-09', '2026-03-09', '2026-03-15', 1, 1],
      );
      expect(monday.ocupacion).toEqual([
        expect.objectContaining({ id_doctor: busy.id_doctor, reservados: 1, abiertos: 1 }),
      ]);

      // 1 April at 00:30 in Madrid (summer time) is a new month: March's patients are not new any more.
      server.clock.set('2026-03-31T22:30:00Z');
      const april = (await get<CifrasClinica>(server, '/api/admin/cifras', admin)).body;
      expect([april.hoy, april.mes_desde, april.mes_hasta, april.pacientes_nuevos_mes]).toEqual([
        '2026-04-01',
        '2026-04-01',
        '2026-04-30',
        0,
      ]);
      server.clock.set('2026-03-31T21:30:00Z');
      expect((await get<CifrasClinica>(server, '/api/admin/cifras', admin)).body.pacientes_nuevos_mes).toBe(
        before.pacientes_nuevos_mes + 2,
      );
    });
  });
});
