import { describe, expect, it } from 'vitest';
import { openSlots, setSpecialty, slotEstado } from '../../testing/appointments.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';
import { APPOINTMENT_CHANGES_PER_HOUR } from './appointments.routes.ts';

// The test clock starts on Monday 2026-03-02 at 08:00Z, 09:00 in Madrid.
const WEDNESDAY = '2026-03-04';
const TODAY = '2026-03-02';

interface Slot {
  fecha: string;
  hora_inicio: string;
  hora_fin: string;
  tipo: string;
}

const booking = (id_doctor: number, hora: string, extra: Record<string, unknown> = {}) => ({
  id_doctor,
  fecha: WEDNESDAY,
  hora,
  motivo: 'Dolor de cabeza',
  recordatorio: false,
  ...extra,
});

async function doctorWithSlots(server: TestServer, horas = ['10:00', '10:30', '11:00'], fecha = WEDNESDAY) {
  const doctor = await server.createUser('doctor');
  await openSlots(server, doctor.id_doctor as number, fecha, horas);
  return doctor;
}

describe.each(DATABASES)('booking on %s', (kind) => {
  // Several of these tests book more than one visit with one doctor on one day; the caps have their own tests.
  const server = useTestServer(kind, { env: { MAX_VISITS_PER_DOCTOR_DAY: '10', MAX_ACTIVE_VISITS_PER_PATIENT: '50' } });

  describe('GET /api/citas/doctores', () => {
    it('answers 401 without a token and 403 to a doctor', async () => {
      expect((await server.request('GET', '/api/citas/doctores')).status).toBe(401);
      const doctor = await server.createUser('doctor');
      const refused = await server.request('GET', '/api/citas/doctores', { token: doctor.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'sin_permiso' });
    });

    it('lists active doctors with their specialty in the request language, and filters by specialty', async () => {
      const cardio = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Zzpuig' });
      const family = await server.createUser('doctor', { nombre: 'Laura', apellido1: 'Zzgarcia' });
      const gone = await server.createUser('doctor', { nombre: 'Baja', apellido1: 'Zzbaja' });
      const cardiologia = await setSpecialty(server, cardio.id_doctor as number, 'cardiologia');
      await setSpecialty(server, family.id_doctor as number, 'medicina-familiar');
      await server.database.db.updateTable('doctores').set({ estado: 'Inactivo' }).where('id_doctor', '=', gone.id_doctor).execute();
      const patient = await server.createUser('paciente');

      const all = await server.request<{ id: number; nombre: string; especialidades: { id_especialidad: number; nombre: string }[] }[]>(
        'GET',
        '/api/citas/doctores',
        { token: patient.token, headers: { 'accept-language': 'ca' } },
      );
      expect(all.status).toBe(200);
      const ids = all.body.map((d) => d.id);
      expect(ids).toContain(cardio.id_doctor);
      expect(ids).toContain(family.id_doctor);
      expect(ids).not.toContain(gone.id_doctor);
      expect(all.body.find((d) => d.id === cardio.id_doctor)).toEqual({
        id: cardio.id_doctor,
        nombre: 'Pere Zzpuig',
        especialidades: [{ id_especialidad: cardiologia, nombre: 'Cardiologia' }],
      });
      expect(all.body.find((d) => d.id === family.id_doctor)?.especialidades[0]?.nombre).toBe('Medicina Familiar i Comunitària');

      const english = await server.request<{ id: number; especialidades: { nombre: string }[] }[]>(
        'GET',
        `/api/citas/doctores?especialidad=${cardiologia}`,
        { token: patient.token, headers: { 'accept-language': 'en' } },
      );
      expect(english.body.map((d) => d.id)).toEqual([cardio.id_doctor]);
      expect(english.body[0]?.especialidades[0]?.nombre).toBe('Cardiology');

      const spanish = await server.request<{ especialidades: { nombre: string }[] }[]>('GET', `/api/citas/doctores?especialidad=${cardiologia}`, {
        token: patient.token,
      });
      expect(spanish.body[0]?.especialidades[0]?.nombre).toBe('Cardiología');
    });

    it('answers 400 for a specialty filter that is not an id', async () => {
      const patient = await server.createUser('paciente');
      const bad = await server.request('GET', '/api/citas/doctores?especialidad=abc', { token: patient.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'validacion', detail: 'El valor no es válido.' });
    });
  });

  describe('GET /api/citas/agenda-disponible/{doctorId}', () => {
    it('answers 401 without a token, 403 to a doctor, 404 for an unknown doctor, 400 for a bad window', async () => {
      const doctor = await doctorWithSlots(server);
      const path = `/api/citas/agenda-disponible/${doctor.id_doctor}`;
      expect((await server.request('GET', path)).status).toBe(401);
      expect((await server.request('GET', path, { token: doctor.token })).status).toBe(403);
      const patient = await server.createUser('paciente');
      const unknown = await server.request('GET', '/api/citas/agenda-disponible/999999', { token: patient.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'doctor_no_encontrado', detail: 'El doctor no existe.' });
      for (const query of ['?dias=0', '?dias=32', '?dias=x']) {
        const bad = await server.request('GET', path + query, { token: patient.token });
        expect(bad.status, query).toBe(400);
        expect(bad.body).toMatchObject({ detail: 'Debe ser un número válido.' });
      }
      const badDate = await server.request('GET', `${path}?desde=2026-02-30`, { token: patient.token });
      expect(badDate.status).toBe(400);
      expect(badDate.body).toMatchObject({ detail: 'La fecha no es válida (AAAA-MM-DD).' });
    });

    it('answers 404 for a doctor patients may no longer book with, even with slots, and an empty list for one without slots', async () => {
      const patient = await server.createUser('paciente');
      const idle = await server.createUser('doctor');
      const none = await server.request('GET', `/api/citas/agenda-disponible/${idle.id_doctor}`, { token: patient.token });
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);

      const gone = await doctorWithSlots(server);
      const path = `/api/citas/agenda-disponible/${gone.id_doctor}`;
      expect((await server.request<Slot[]>('GET', path, { token: patient.token })).body).toHaveLength(3);
      await server.database.db.updateTable('doctores').set({ estado: 'Inactivo' }).where('id_doctor', '=', gone.id_doctor as number).execute();
      const refused = await server.request('GET', path, { token: patient.token });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ code: 'doctor_no_encontrado', detail: 'El doctor no existe.' });
    });

    it('gives the slots of the window from today, with their tipo, and never offers a past slot as free', async () => {
      const doctor = await server.createUser('doctor');
      const id = doctor.id_doctor as number;
      // Today: 08:30 is past (it is 09:00 in Madrid), 09:00 is starting now, 09:30 is inside the
      // clinic's 2-hour notice to book and 11:00 is exactly at it.
      await openSlots(server, id, TODAY, ['08:30', '09:00', '09:30', '11:00']);
      await openSlots(server, id, TODAY, ['08:00'], { estado: 'Reservado' });
      await openSlots(server, id, WEDNESDAY, ['10:00']);
      await openSlots(server, id, WEDNESDAY, ['10:30'], { estado: 'Reservado' });
      await openSlots(server, id, WEDNESDAY, ['11:00'], { estado: 'Bloqueado' });
      await openSlots(server, id, WEDNESDAY, ['11:30'], { tipo: 'Bloqueo' });
      await openSlots(server, id, '2026-03-01', ['10:00']); // yesterday
      await openSlots(server, id, '2026-03-09', ['10:00']); // the eighth day: outside a 7-day window
      const patient = await server.createUser('paciente');

      const week = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id}?dias=7`, { token: patient.token });
      expect(week.status).toBe(200);
      expect(week.body).toEqual([
        { fecha: TODAY, hora_inicio: '08:00', hora_fin: '08:30', tipo: 'Reservado' },
        { fecha: TODAY, hora_inicio: '11:00', hora_fin: '11:30', tipo: 'Disponible' },
        { fecha: WEDNESDAY, hora_inicio: '10:00', hora_fin: '10:30', tipo: 'Disponible' },
        { fecha: WEDNESDAY, hora_inicio: '10:30', hora_fin: '11:00', tipo: 'Reservado' },
        { fecha: WEDNESDAY, hora_inicio: '11:00', hora_fin: '11:30', tipo: 'Bloqueado' },
        { fecha: WEDNESDAY, hora_inicio: '11:30', hora_fin: '12:00', tipo: 'Bloqueado' },
      ]);

      const defaultWindow = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id}`, { token: patient.token });
      expect(defaultWindow.body).toEqual(week.body);

      const fromWednesday = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id}?dias=7&desde=${WEDNESDAY}`, {
        token: patient.token,
      });
      expect(fromWednesday.body.map((s) => `${s.fecha} ${s.hora_inicio}`)).toEqual([
        `${WEDNESDAY} 10:00`,
        `${WEDNESDAY} 10:30`,
        `${WEDNESDAY} 11:00`,
        `${WEDNESDAY} 11:30`,
        '2026-03-09 10:00',
      ]);

      // The clinic's "today" follows its time zone: at 23:30Z on Monday it is already Tuesday in Madrid.
      server.clock.set('2026-03-02T23:30:00Z');
      try {
        const tuesday = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id}?dias=1`, { token: patient.token });
        expect(tuesday.body).toEqual([]);
      } finally {
        server.clock.set('2026-03-02T08:00:00Z');
      }
    });
  });

  describe('POST /api/citas', () => {
    it('answers 401 without a token and 403 to a doctor', async () => {
      const doctor = await doctorWithSlots(server);
      expect((await server.request('POST', '/api/citas', { body: booking(doctor.id_doctor as number, '10:00') })).status).toBe(401);
      const refused = await server.request('POST', '/api/citas', { token: doctor.token, body: booking(doctor.id_doctor as number, '10:00') });
      expect(refused.status).toBe(403);
    });

    it("answers 400 with the spec's message when the doctor is missing, and when the reason is empty", async () => {
      const patient = await server.createUser('paciente');
      const noDoctor = await server.request('POST', '/api/citas', {
        token: patient.token,
        body: { fecha: WEDNESDAY, hora: '10:00', motivo: 'x', recordatorio: false },
      });
      expect(noDoctor.status).toBe(400);
      expect(noDoctor.body).toMatchObject({
        detail: 'Faltan datos para registrar la cita.',
        errores: [{ campo: 'id_doctor', mensaje: 'Faltan datos para registrar la cita.' }],
      });
      const doctor = await doctorWithSlots(server);
      const noReason = await server.request('POST', '/api/citas', {
        token: patient.token,
        body: booking(doctor.id_doctor as number, '10:00', { motivo: '   ' }),
      });
      expect(noReason.status).toBe(400);
      expect(noReason.body).toMatchObject({ detail: 'El motivo de la cita es obligatorio.' });
      const badTime = await server.request('POST', '/api/citas', {
        token: patient.token,
        body: booking(doctor.id_doctor as number, '25:00'),
      });
      expect(badTime.status).toBe(400);
      expect(badTime.body).toMatchObject({ detail: 'La hora no es válida (HH:MM).' });
    });

    it("keeps a reason's lines, and refuses control characters and the invisible marks that reorder text", async () => {
      const doctor = await doctorWithSlots(server, ['10:00', '10:30']);
      const id_doctor = doctor.id_doctor as number;
      const patient = await server.createUser('paciente');
      for (const motivo of ['Tos\u202Eacificap', 'Tos\u200Bseca', 'Tos\u0007seca', 'Tos\u2028seca']) {
        const refused = await server.request('POST', '/api/citas', { token: patient.token, body: booking(id_doctor, '10:00', { motivo }) });
        expect(refused.status, JSON.stringify(motivo)).toBe(400);
        expect(refused.body).toMatchObject({ detail: 'El texto no puede tener caracteres de control ni marcas invisibles.' });
      }
      const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: patient.token,
        body: booking(id_doctor, '10:00', { motivo: 'Tos seca\r\ndesde el lunes\n' }),
      });
      expect(created.status).toBe(201);
      const cita = await server.database.db.selectFrom('citas').select('motivo').where('id_cita', '=', created.body.id_cita).executeTakeFirstOrThrow();
      expect(cita.motivo).toBe('Tos seca\ndesde el lunes');
    });

    it('books a free slot as pending (201), takes the slot, audits it; the same slot is then 409', async () => {
      const doctor = await doctorWithSlots(server);
      const id_doctor = doctor.id_doctor as number;
      const patient = await server.createUser('paciente');
      const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: patient.token,
        body: booking(id_doctor, '10:30:00', { id_paciente: patient.id_paciente }),
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id_cita: expect.any(Number),
        id_doctor,
        fecha: WEDNESDAY,
        hora: '10:30',
        estado: 'pendiente',
        recordatorio: false,
        // Without a type: a 'Consulta' of one slot.
        hora_fin: '11:00',
        id_tipo_visita: expect.any(Number),
      });
      const cita = await server.database.db.selectFrom('citas').selectAll().where('id_cita', '=', created.body.id_cita).executeTakeFirstOrThrow();
      expect(cita).toMatchObject({ id_paciente: patient.id_paciente, estado: 'pendiente', motivo: 'Dolor de cabeza', hora: '10:30' });
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:30')).toBe('Reservado');
      const audit = await auditEntries(server, 'cita.crear', { id_paciente: patient.id_paciente });
      expect(audit).toHaveLength(1);
      expect(audit[0]?.detalle).not.toContain('Dolor');
      // Reminders are on by default, whatever the old "recordatorio" box said: the clinic's plan
      // (an e-mail two days before) applies.
      expect(
        await server.database.db.selectFrom('notificaciones').select(['canal', 'enviar_en']).where('id_cita', '=', created.body.id_cita).where('tipo', '=', 'recordatorio').execute(),
      ).toEqual([{ canal: 'email', enviar_en: '2026-03-02T09:30:00.000Z' }]);

      const other = await server.createUser('paciente');
      const taken = await server.request('POST', '/api/citas', { token: other.token, body: booking(id_doctor, '10:30') });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ code: 'hueco_ocupado', detail: 'Esa hora ya está reservada por otro paciente. Elige otra.' });
      const again = await server.request('POST', '/api/citas', { token: patient.token, body: booking(id_doctor, '10:30') });
      expect(again.status).toBe(409);

      const slots = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id_doctor}`, { token: other.token });
      expect(slots.body.filter((s) => s.hora_inicio === '10:30')).toEqual([
        { fecha: WEDNESDAY, hora_inicio: '10:30', hora_fin: '11:00', tipo: 'Reservado' },
      ]);
    });

    it('refuses blocked (409), past (400), unknown doctor or slot (404) and somebody else as the patient (403)', async () => {
      const doctor = await doctorWithSlots(server, ['10:00']);
      const id_doctor = doctor.id_doctor as number;
      await openSlots(server, id_doctor, WEDNESDAY, ['12:00'], { estado: 'Bloqueado' });
      await openSlots(server, id_doctor, WEDNESDAY, ['12:30'], { tipo: 'Bloqueo' });
      await openSlots(server, id_doctor, TODAY, ['08:30']);
      const patient = await server.createUser('paciente');
      const other = await server.createUser('paciente');
      const post = (body: unknown, headers?: Record<string, string>) =>
        server.request('POST', '/api/citas', { token: patient.token, body, ...(headers ? { headers } : {}) });

      for (const hora of ['12:00', '12:30']) {
        const blocked = await post(booking(id_doctor, hora));
        expect(blocked.status, hora).toBe(409);
        expect(blocked.body).toEqual({ code: 'hueco_bloqueado', detail: 'Esa hora está bloqueada por el doctor. Elige otra.' });
      }
      const past = await post(booking(id_doctor, '08:30', { fecha: TODAY }));
      expect(past.status).toBe(400);
      expect(past.body).toEqual({ code: 'cita_pasada', detail: 'No se puede pedir cita para una hora que ya ha pasado.' });
      const startingNow = await post(booking(id_doctor, '09:00', { fecha: TODAY }));
      expect(startingNow.status).toBe(400);

      const unknownDoctor = await post(booking(999999, '10:00'), { 'accept-language': 'en' });
      expect(unknownDoctor.status).toBe(404);
      expect(unknownDoctor.body).toEqual({ code: 'doctor_no_encontrado', detail: 'The doctor does not exist.' });
      const unknownSlot = await post(booking(id_doctor, '17:00'));
      expect(unknownSlot.status).toBe(404);
      expect(unknownSlot.body).toMatchObject({ code: 'hueco_no_encontrado' });
      // A doctor no longer bookable keeps their free slots in the agenda: the doctor is what is missing.
      const gone = await doctorWithSlots(server, ['10:00']);
      await server.database.db.updateTable('doctores').set({ estado: 'Inactivo' }).where('id_doctor', '=', gone.id_doctor as number).execute();
      const goneDoctor = await post(booking(gone.id_doctor as number, '10:00'));
      expect(goneDoctor.status).toBe(404);
      expect(goneDoctor.body).toEqual({ code: 'doctor_no_encontrado', detail: 'El doctor no existe.' });
      expect(await slotEstado(server, gone.id_doctor as number, WEDNESDAY, '10:00')).toBe('Disponible');

      const impostor = await post(booking(id_doctor, '10:00', { id_paciente: other.id_paciente }));
      expect(impostor.status).toBe(403);
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:00')).toBe('Disponible');
      expect(await server.database.db.selectFrom('citas').select('id_cita').where('id_doctor', '=', id_doctor).execute()).toEqual([]);
    });

    it('gives one 201 and nineteen 409 to twenty patients racing for the same slot, and the slot shows once', async () => {
      const doctor = await doctorWithSlots(server, ['13:00']);
      const id_doctor = doctor.id_doctor as number;
      const patients = [];
      for (let i = 0; i < 20; i++) patients.push(await server.createUser('paciente'));
      const answers = await Promise.all(
        patients.map((patient) => server.request('POST', '/api/citas', { token: patient.token, body: booking(id_doctor, '13:00') })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
      expect(answers.filter((a) => a.status === 409).every((a) => (a.body as { code: string }).code === 'hueco_ocupado')).toBe(true);

      const citas = await server.database.db.selectFrom('citas').selectAll().where('id_doctor', '=', id_doctor).execute();
      expect(citas).toHaveLength(1);
      // Seen by a patient who did not take part (the winner would see the slot marked as theirs).
      const onlooker = await server.createUser('paciente');
      const slots = await server.request<Slot[]>('GET', `/api/citas/agenda-disponible/${id_doctor}`, { token: onlooker.token });
      expect(slots.body).toEqual([{ fecha: WEDNESDAY, hora_inicio: '13:00', hora_fin: '13:30', tipo: 'Reservado' }]);
    });
  });

  describe("the patient's appointments", () => {
    it(`limits a patient to ${APPOINTMENT_CHANGES_PER_HOUR} moves and ${APPOINTMENT_CHANGES_PER_HOUR} cancellations an hour, each of which e-mails someone`, async () => {
      const doctor = await doctorWithSlots(server, ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30']);
      const id_doctor = doctor.id_doctor as number;
      const patient = await server.createUser('paciente');
      const book = async (hora: string) => {
        const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', { token: patient.token, body: booking(id_doctor, hora) });
        expect(booked.status).toBe(201);
        return booked.body.id_cita;
      };
      const id_cita = await book('09:00');
      const move = (hora: string) => server.request('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha: WEDNESDAY, hora } });
      for (let i = 0; i < APPOINTMENT_CHANGES_PER_HOUR; i++) expect((await move(i % 2 === 0 ? '09:30' : '09:00')).status).toBe(200);
      const tooMany = await move('10:00');
      expect(tooMany.status).toBe(429);
      expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(tooMany.body).toMatchObject({
        code: 'demasiados_cambios_cita',
        detail: 'Has cambiado o cancelado demasiadas citas en la última hora. Vuelve a intentarlo más tarde o llama a la clínica.',
      });
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:00')).toBe('Disponible');

      // Cancelling is counted apart: the same patient may still cancel, up to the same number.
      const cancel = (id: number) => server.request('PUT', `/api/citas/${id}/cancelar`, { token: patient.token });
      expect((await cancel(id_cita)).status).toBe(200);
      for (let i = 1; i < APPOINTMENT_CHANGES_PER_HOUR; i++) expect((await cancel(await book('11:00'))).status).toBe(200);
      const last = await book('11:00');
      expect((await cancel(last)).status).toBe(429);
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '11:00')).toBe('Reservado');

      // Another patient is not held back.
      const other = await server.createUser('paciente');
      const theirs = await server.request<{ id_cita: number }>('POST', '/api/citas', { token: other.token, body: booking(id_doctor, '12:00') });
      expect((await server.request('PUT', `/api/citas/${theirs.body.id_cita}/cancelar`, { token: other.token })).status).toBe(200);
    });

    it('answers 401 without a token and 403 to a doctor', async () => {
      expect((await server.request('GET', '/api/citas/mias')).status).toBe(401);
      expect((await server.request('PUT', '/api/citas/1/cancelar')).status).toBe(401);
      const doctor = await server.createUser('doctor');
      expect((await server.request('GET', '/api/citas/mias', { token: doctor.token })).status).toBe(403);
      expect((await server.request('PUT', '/api/citas/1/cancelar', { token: doctor.token })).status).toBe(403);
      const patient = await server.createUser('paciente');
      const bad = await server.request('GET', '/api/citas/mias?periodo=todas', { token: patient.token });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ detail: 'El valor no es válido.' });
    });

    it('lists upcoming (soonest first) and past (latest first) appointments with estado, doctor and specialty', async () => {
      const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
      const id_doctor = doctor.id_doctor as number;
      await setSpecialty(server, id_doctor, 'cardiologia');
      await openSlots(server, id_doctor, WEDNESDAY, ['10:00', '11:00']);
      await openSlots(server, id_doctor, '2026-03-05', ['09:00']);
      const patient = await server.createUser('paciente');
      const ids: number[] = [];
      for (const [fecha, hora] of [
        ['2026-03-05', '09:00'],
        [WEDNESDAY, '11:00'],
        [WEDNESDAY, '10:00'],
      ] as const) {
        const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
          token: patient.token,
          body: booking(id_doctor, hora, { fecha }),
        });
        expect(created.status).toBe(201);
        ids.push(created.body.id_cita);
      }
      await server.database.db.updateTable('citas').set({ estado: 'Confirmada' }).where('id_cita', '=', ids[1] as number).execute();
      // Someone else's appointment never shows.
      const other = await server.createUser('paciente');
      await openSlots(server, id_doctor, WEDNESDAY, ['12:00']);
      await server.request('POST', '/api/citas', { token: other.token, body: booking(id_doctor, '12:00') });

      const upcoming = await server.request<{ id_cita: number; estado: string; cancelable: boolean }[]>('GET', '/api/citas/mias', {
        token: patient.token,
        headers: { 'accept-language': 'en' },
      });
      expect(upcoming.status).toBe(200);
      expect(upcoming.headers.get('x-total-count')).toBe('3');
      expect(upcoming.body.map((c) => c.id_cita)).toEqual([ids[2], ids[1], ids[0]]);
      expect(upcoming.body[1]).toEqual({
        id_cita: ids[1],
        fecha: WEDNESDAY,
        hora: '11:00',
        motivo: 'Dolor de cabeza',
        estado: 'Confirmada',
        recordatorio: false,
        id_doctor,
        doctor: 'Pere Puig',
        especialidad: 'Cardiology',
        cancelable: true,
        cancelada_por: null,
        motivo_rechazo: null,
        fuera_de_plazo: false,
        asistencia: null,
        no_presentado_disputable: false,
        disputa: null,
        // Booked without a type: a Consulta, named in the caller's language.
        tipo_visita: { id_tipo: expect.any(Number), nombre: 'Consultation', color: expect.any(String) },
      });

      const paged = await server.request<{ id_cita: number }[]>('GET', '/api/citas/mias?pagina=2&por_pagina=2', { token: patient.token });
      expect(paged.body.map((c) => c.id_cita)).toEqual([ids[0]]);
      expect(paged.headers.get('x-total-count')).toBe('3');

      // On Wednesday at 10:30 in Madrid the 10:00 visit is past, the 11:00 one still upcoming.
      server.clock.set('2026-03-04T09:30:00Z');
      try {
        const past = await server.request<{ id_cita: number; cancelable: boolean }[]>('GET', '/api/citas/mias?periodo=pasadas', {
          token: patient.token,
        });
        expect(past.body.map((c) => [c.id_cita, c.cancelable])).toEqual([[ids[2], false]]);
        const still = await server.request<{ id_cita: number }[]>('GET', '/api/citas/mias?periodo=proximas', { token: patient.token });
        expect(still.body.map((c) => c.id_cita)).toEqual([ids[1], ids[0]]);
      } finally {
        server.clock.set('2026-03-02T08:00:00Z');
      }
      const audit = await auditEntries(server, 'citas.listar', { id_paciente: patient.id_paciente });
      expect(audit.length).toBeGreaterThanOrEqual(3);
    });

    it('cancels an upcoming appointment of the owner only; the slot is free again and can be booked anew', async () => {
      const doctor = await doctorWithSlots(server, ['10:00']);
      const id_doctor = doctor.id_doctor as number;
      const owner = await server.createUser('paciente');
      const intruder = await server.createUser('paciente');
      const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: owner.token,
        body: booking(id_doctor, '10:00', { recordatorio: true }),
      });
      const id = created.body.id_cita;

      const notYours = await server.request('PUT', `/api/citas/${id}/cancelar`, { token: intruder.token });
      expect(notYours.status).toBe(403);
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:00')).toBe('Reservado');
      const unknown = await server.request('PUT', '/api/citas/999999/cancelar', { token: owner.token });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ code: 'cita_no_encontrada', detail: 'La cita no existe.' });
      expect((await server.request('PUT', '/api/citas/abc/cancelar', { token: owner.token })).status).toBe(400);

      const cancelled = await server.request('PUT', `/api/citas/${id}/cancelar`, { token: owner.token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toEqual({ id_cita: id, estado: 'Cancelada' });
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:00')).toBe('Disponible');
      // Its reminders are dropped.
      const reminders = await server.database.db.selectFrom('notificaciones').select('estado').where('id_cita', '=', id).where('tipo', '=', 'recordatorio').execute();
      expect(reminders.map((row) => row.estado)).toEqual(['cancelado']);
      const audit = await auditEntries(server, 'cita.cancelar', { id_paciente: owner.id_paciente });
      expect(audit).toHaveLength(1);

      const twice = await server.request('PUT', `/api/citas/${id}/cancelar`, { token: owner.token });
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({ code: 'cita_ya_cancelada', detail: 'La cita ya está cancelada.' });

      // It leaves the upcoming visits for the cancelled group, saying the patient cancelled it.
      const list = await server.request<{ id_cita: number }[]>('GET', '/api/citas/mias', { token: owner.token });
      expect(list.body).toEqual([]);
      const cancelledGroup = await server.request<{ id_cita: number; estado: string; cancelable: boolean }[]>('GET', '/api/citas/mias?periodo=canceladas', {
        token: owner.token,
      });
      expect(cancelledGroup.body).toEqual([
        expect.objectContaining({ id_cita: id, estado: 'Cancelada', cancelable: false, cancelada_por: 'paciente', motivo_rechazo: null }),
      ]);

      // The partial unique index counts only active appointments: the freed slot books again.
      const rebooked = await server.request('POST', '/api/citas', { token: intruder.token, body: booking(id_doctor, '10:00') });
      expect(rebooked.status).toBe(201);
      expect(await slotEstado(server, id_doctor, WEDNESDAY, '10:00')).toBe('Reservado');
    });

    it('cancelling a confirmed appointment also removes the consultation its confirmation opened', async () => {
      const doctor = await doctorWithSlots(server, ['11:30']);
      const patient = await server.createUser('paciente');
      const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: patient.token,
        body: booking(doctor.id_doctor as number, '11:30'),
      });
      const id = created.body.id_cita;
      const accepted = await server.request('PUT', `/api/agenda/citas/${id}`, { token: doctor.token, body: { estado: 'Confirmada' } });
      expect(accepted.status).toBe(200);
      const consultations = () => server.database.db.selectFrom('consultas').select('estado').where('id_cita', '=', id).execute();
      expect(await consultations()).toHaveLength(1);

      expect((await server.request('PUT', `/api/citas/${id}/cancelar`, { token: patient.token })).status).toBe(200);
      expect(await consultations()).toEqual([]);
      expect(await slotEstado(server, doctor.id_doctor as number, WEDNESDAY, '11:30')).toBe('Disponible');
    });

    it('does not cancel an appointment that has passed', async () => {
      const doctor = await doctorWithSlots(server, ['09:30'], TODAY);
      const patient = await server.createUser('paciente');
      server.clock.set('2026-03-02T06:00:00Z'); // 07:00 in Madrid: outside the 2-hour notice to book
      const created = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: patient.token,
        body: booking(doctor.id_doctor as number, '09:30', { fecha: TODAY }),
      });
      expect(created.status).toBe(201);
      server.clock.set('2026-03-02T09:00:00Z'); // 10:00 in Madrid
      try {
        const late = await server.request('PUT', `/api/citas/${created.body.id_cita}/cancelar`, { token: patient.token });
        expect(late.status).toBe(400);
        expect(late.body).toEqual({ code: 'cita_pasada_no_cancelable', detail: 'No se puede cancelar una cita que ya ha pasado.' });
      } finally {
        server.clock.set('2026-03-02T08:00:00Z');
      }
    });
  });

  it('documents the booking endpoints in the OpenAPI document', async () => {
    const docs = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/citas/doctores',
        '/api/citas/agenda-disponible/{doctorId}',
        '/api/citas',
        '/api/citas/mias',
        '/api/citas/{id_cita}/cancelar',
      ]),
    );
  });
});
