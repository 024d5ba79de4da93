import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import { slotStarts } from '../../lib/slots.ts';
import { expectRefused, type Endpoint } from '../../testing/access.ts';
import { bookSlot, openDay } from '../../testing/agenda.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02; these days are in the future.
const DAY = '2026-03-10';
const MORNING = slotStarts('09:00', '14:00', 15);
const AFTERNOON = slotStarts('16:00', '19:00', 15);

const dayOf = async (server: TestServer, doctor: TestUser, fecha = DAY) => {
  const response = await server.request<Bloque[]>('GET', `/api/agenda?fecha=${fecha}`, { token: doctor.token });
  expect(response.status).toBe(200);
  return response.body;
};

const range = (doctor: TestUser, fecha: string, hora_inicio: string, hora_fin: string, motivo = 'Reunión') => ({
  id_doctor: doctor.id_doctor,
  fecha,
  hora_inicio,
  hora_fin,
  motivo,
});

describe.each(DATABASES)('agenda on %s', (kind) => {
  const server = useTestServer(kind);

  it('answers 401 without a token and 403 to patients and admins on every endpoint', async () => {
    const patient = await server.createUser('paciente');
    const admin = await server.createUser('admin');
    const endpoints: Endpoint[] = [
      ['GET', '/api/agenda/mi-id-doctor'],
      ['GET', `/api/agenda?fecha=${DAY}`],
      ['POST', '/api/agenda/crear', { fecha: DAY, bloques: ['09:00'] }],
      ['PUT', '/api/agenda/bloquear', { fecha: DAY, hora_inicio: '09:00', hora_fin: '10:00', motivo: 'x' }],
      ['PUT', '/api/agenda/desbloquear', { fecha: DAY, hora_inicio: '09:00', hora_fin: '10:00', motivo: 'x' }],
      ['PUT', '/api/agenda/bloqueo-actualizar', { id_agenda: 1, tipo: 'Bloqueo', estado: 'Bloqueado' }],
      ['DELETE', '/api/agenda/bloque/1'],
      ['GET', '/api/agenda/bloqueos?anio=2026&mes=3'],
      ['GET', '/api/agenda/solicitudes-pendientes?anio=2026&mes=3'],
      ['GET', `/api/agenda/solicitudes-dia?fecha=${DAY}`],
      ['PUT', '/api/agenda/citas/1', { estado: 'Confirmada' }],
    ];
    await expectRefused(server, endpoints, [patient, admin]);
  });

  it("gives a doctor their own id and usual interval", async () => {
    const doctor = await server.createUser('doctor');
    const response = await server.request('GET', '/api/agenda/mi-id-doctor', { token: doctor.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id_doctor: doctor.id_doctor, intervalo_min: 15 });
  });

  it('opens a day from start times, and re-opening never duplicates a slot', async () => {
    const doctor = await server.createUser('doctor');
    expect(await openDay(server, doctor, DAY, MORNING)).toEqual({ bloques_creados: 20, bloques_existentes: 0 });
    const day = await dayOf(server, doctor);
    expect(day).toHaveLength(20);
    expect(day[0]).toMatchObject({
      fecha: DAY,
      hora_inicio: '09:00',
      hora_fin: '09:15',
      tipo: 'Consulta',
      estado: 'Disponible',
      descripcion: null,
      duracion_min: 15,
      cita: null,
    });
    expect(day.at(-1)).toMatchObject({ hora_inicio: '13:45', hora_fin: '14:00' });

    // Both ranges again: only the afternoon is new; seconds in times are accepted.
    const again = await openDay(server, doctor, DAY, [...MORNING.map((t) => `${t}:00`), ...AFTERNOON]);
    expect(again).toEqual({ bloques_creados: 12, bloques_existentes: 20 });
    expect(await dayOf(server, doctor)).toHaveLength(32);
  });

  it('stores the interval it is given and never overlaps slots of another length', async () => {
    const doctor = await server.createUser('doctor');
    await openDay(server, doctor, '2026-03-11', ['09:00', '09:30', '10:00'], 30);
    const me = await server.request('GET', '/api/agenda/mi-id-doctor', { token: doctor.token });
    expect(me.body).toMatchObject({ intervalo_min: 30 });
    // 15-minute starts inside existing 30-minute slots are skipped; 10:30 and 10:45 are new.
    const result = await openDay(server, doctor, '2026-03-11', ['09:15', '10:15', '10:30', '10:45'], 15);
    expect(result).toEqual({ bloques_creados: 2, bloques_existentes: 2 });
    const times = (await dayOf(server, doctor, '2026-03-11')).map((b) => `${b.hora_inicio}-${b.hora_fin}`);
    expect(times).toEqual(['09:00-09:30', '09:30-10:00', '10:00-10:30', '10:30-10:45', '10:45-11:00']);
  });

  it('makes each start a slot of the chosen length, else of the gap between starts, else of the usual interval (decisions #26)', async () => {
    const doctor = await server.createUser('doctor');
    const times = async (fecha: string) => (await dayOf(server, doctor, fecha)).map((b) => `${b.hora_inicio}-${b.hora_fin}`);
    // A spec client sends the starts only: 16:00-19:00 every 40 minutes.
    const forty = await server.request('POST', '/api/agenda/crear', { token: doctor.token, body: { fecha: '2026-03-12', bloques: ['16:00', '16:40', '17:20', '18:00'] } });
    expect(forty.status).toBe(201);
    expect(await times('2026-03-12')).toEqual(['16:00-16:40', '16:40-17:20', '17:20-18:00', '18:00-18:40']);
    const twenty = await server.request('POST', '/api/agenda/crear', {
      token: doctor.token,
      body: { fecha: '2026-03-13', bloques: ['09:00', '10:00'], duracion_min: 20 },
    });
    expect(twenty.status).toBe(201);
    expect(await times('2026-03-13')).toEqual(['09:00-09:20', '10:00-10:20']);
    // One start: the doctor's usual interval (20 now, the length last chosen).
    await server.request('POST', '/api/agenda/crear', { token: doctor.token, body: { fecha: '2026-03-16', bloques: ['12:00'] } });
    expect(await times('2026-03-16')).toEqual(['12:00-12:20']);
    expect((await server.request('POST', '/api/agenda/crear', { token: doctor.token, body: { fecha: '2026-03-16', bloques: ['13:00'], duracion_min: 3 } })).status).toBe(400);
  });

  it('validates opening a day with the exact messages', async () => {
    const doctor = await server.createUser('doctor');
    const open = (body: unknown) => server.request('POST', '/api/agenda/crear', { token: doctor.token, body });
    expect((await open({ fecha: DAY, bloques: [] })).body).toMatchObject({
      code: 'validacion',
      detail: 'Debes seleccionar al menos un tramo horario.',
    });
    const badInterval = await open({ fecha: DAY, bloques: ['09:00'], intervalo_min: 7 });
    expect(badInterval.status).toBe(400);
    expect(badInterval.body).toMatchObject({ detail: 'El intervalo debe ser de al menos 5 minutos y múltiplo de 5.' });
    expect((await open({ fecha: DAY, bloques: ['9h'] })).body).toMatchObject({ detail: 'La hora no es válida (HH:MM).' });
    expect((await open({ fecha: '2026-02-30', bloques: ['09:00'] })).body).toMatchObject({
      detail: 'La fecha no es válida (AAAA-MM-DD).',
    });
    const past = await open({ fecha: '2026-03-01', bloques: ['09:00'] });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ code: 'fecha_pasada', detail: 'No se puede modificar la agenda de un día pasado.' });
    const english = await server.request('POST', '/api/agenda/crear', {
      token: doctor.token,
      body: { fecha: DAY, bloques: [] },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body).toMatchObject({ detail: 'You must select at least one time range.' });
  });

  it("refuses another doctor's agenda with 403 on every endpoint that names one", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    await openDay(server, other, DAY, MORNING);
    const id = other.id_doctor;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/agenda?fecha=${DAY}&id_doctor=${id}`],
      ['POST', '/api/agenda/crear', { id_doctor: id, fecha: DAY, bloques: ['15:00'] }],
      ['PUT', '/api/agenda/bloquear', range(other, DAY, '09:00', '10:00')],
      ['PUT', '/api/agenda/desbloquear', range(other, DAY, '09:00', '10:00')],
      ['GET', `/api/agenda/bloqueos?id_doctor=${id}&anio=2026&mes=3`],
      ['GET', `/api/agenda/solicitudes-pendientes?id_doctor=${id}&anio=2026&mes=3`],
      ['GET', `/api/agenda/solicitudes-dia?id_doctor=${id}&fecha=${DAY}`],
    ];
    for (const [method, path, body] of attempts) {
      expect((await server.request(method, path, { token: doctor.token, body })).status, `${method} ${path}`).toBe(403);
    }
    const [slot] = await dayOf(server, other);
    const edit = await server.request('PUT', '/api/agenda/bloqueo-actualizar', {
      token: doctor.token,
      body: { id_agenda: slot!.id_agenda, tipo: 'Bloqueo', estado: 'Bloqueado' },
    });
    expect(edit.status).toBe(403);
    expect((await server.request('DELETE', `/api/agenda/bloque/${slot!.id_agenda}`, { token: doctor.token })).status).toBe(403);
    expect(await dayOf(server, other)).toHaveLength(20);
  });

  it('blocks the available slots of a range, never a booked one, and says how many', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, MORNING);
    await bookSlot(server, patient, doctor, DAY, '10:15');
    const blocked = await server.request('PUT', '/api/agenda/bloquear', {
      token: doctor.token,
      body: range(doctor, DAY, '10:00:00', '11:00:00', 'Sesión clínica'),
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ bloques_bloqueados: 3 });
    const day = await dayOf(server, doctor);
    const byTime = Object.fromEntries(day.map((b) => [b.hora_inicio, b]));
    expect(byTime['10:00']).toMatchObject({ estado: 'Bloqueado', tipo: 'Bloqueo', descripcion: 'Sesión clínica' });
    expect(byTime['10:15']).toMatchObject({ estado: 'Reservado', cita: { estado: 'pendiente', paciente: expect.any(String) } });
    expect(byTime['11:00']).toMatchObject({ estado: 'Disponible' });

    const again = await server.request('PUT', '/api/agenda/bloquear', { token: doctor.token, body: range(doctor, DAY, '10:00', '11:00') });
    expect(again.body).toEqual({ bloques_bloqueados: 0 });
  });

  it('validates a range with the exact messages', async () => {
    const doctor = await server.createUser('doctor');
    for (const path of ['/api/agenda/bloquear', '/api/agenda/desbloquear']) {
      const reversed = await server.request('PUT', path, { token: doctor.token, body: range(doctor, DAY, '11:00', '10:00') });
      expect(reversed.status).toBe(400);
      expect(reversed.body).toMatchObject({ detail: 'La hora de fin debe ser posterior a la hora de inicio.' });
      const noReason = await server.request('PUT', path, { token: doctor.token, body: range(doctor, DAY, '10:00', '11:00', '  ') });
      expect(noReason.body).toMatchObject({ detail: 'El motivo es obligatorio.', errores: [{ campo: 'motivo' }] });
      const past = await server.request('PUT', path, { token: doctor.token, body: range(doctor, '2026-02-27', '10:00', '11:00') });
      expect(past.body).toMatchObject({ code: 'fecha_pasada' });
    }
  });

  it('unblocks blocked slots and fills the gaps of the range at the day interval, with both counts', async () => {
    const doctor = await server.createUser('doctor');
    await openDay(server, doctor, DAY, MORNING);
    await server.request('PUT', '/api/agenda/bloquear', { token: doctor.token, body: range(doctor, DAY, '13:00', '14:00') });
    const unblocked = await server.request('PUT', '/api/agenda/desbloquear', {
      token: doctor.token,
      body: range(doctor, DAY, '13:30', '15:00', 'Se amplía la jornada'),
    });
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toEqual({ bloques_desbloqueados: 2, bloques_creados: 4 });
    const day = await dayOf(server, doctor);
    expect(day).toHaveLength(24);
    const byTime = Object.fromEntries(day.map((b) => [b.hora_inicio, b]));
    expect(byTime['13:00']).toMatchObject({ estado: 'Bloqueado' });
    expect(byTime['13:30']).toMatchObject({ estado: 'Disponible', tipo: 'Consulta', descripcion: null });
    expect(byTime['14:45']).toMatchObject({ estado: 'Disponible', hora_fin: '15:00', duracion_min: 15 });

    // A day with 30-minute slots grows at 30; an empty day at the doctor's interval.
    await openDay(server, doctor, '2026-03-12', ['09:00'], 30);
    const thirty = await server.request('PUT', '/api/agenda/desbloquear', { token: doctor.token, body: range(doctor, '2026-03-12', '09:00', '11:00') });
    expect(thirty.body).toEqual({ bloques_desbloqueados: 0, bloques_creados: 3 });
    const empty = await server.request('PUT', '/api/agenda/desbloquear', { token: doctor.token, body: range(doctor, '2026-03-13', '09:00', '10:00') });
    expect(empty.body).toEqual({ bloques_desbloqueados: 0, bloques_creados: 2 });
  });

  it('edits only blocked slots, to tipo Consulta/Bloqueo and estado Disponible/Bloqueado', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, MORNING);
    await bookSlot(server, patient, doctor, DAY, '09:15');
    await server.request('PUT', '/api/agenda/bloquear', { token: doctor.token, body: range(doctor, DAY, '09:00', '09:30') });
    const [blocked, booked, free] = await dayOf(server, doctor);
    const edit = (body: unknown) => server.request('PUT', '/api/agenda/bloqueo-actualizar', { token: doctor.token, body });

    const saved = await edit({ id_agenda: blocked!.id_agenda, tipo: 'Bloqueo', estado: 'Bloqueado', descripcion: 'Formación' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id_agenda: blocked!.id_agenda, tipo: 'Bloqueo', estado: 'Bloqueado', descripcion: 'Formación' });

    const freed = await edit({ id_agenda: blocked!.id_agenda, tipo: 'Consulta', estado: 'Disponible', descripcion: '' });
    expect(freed.body).toMatchObject({ tipo: 'Consulta', estado: 'Disponible', descripcion: null });

    for (const row of [blocked!, booked!, free!]) {
      const refused = await edit({ id_agenda: row.id_agenda, tipo: 'Bloqueo', estado: 'Bloqueado' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'bloque_no_editable', detail: 'Solo se pueden editar los bloques bloqueados.' });
    }
    const reserved = await edit({ id_agenda: booked!.id_agenda, tipo: 'Consulta', estado: 'Reservado' });
    expect(reserved.status).toBe(400);
    expect((await edit({ id_agenda: 999_999, tipo: 'Bloqueo', estado: 'Bloqueado' })).status).toBe(404);
  });

  it('deletes free slots, never one with an active appointment or with past appointments', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, ['09:00', '09:15', '09:30', '09:45']);
    const pending = await bookSlot(server, patient, doctor, DAY, '09:15');
    const confirmed = await bookSlot(server, patient, doctor, DAY, '09:30', { estado: 'Confirmada' });
    const cancelled = await bookSlot(server, patient, doctor, DAY, '09:45', { estado: 'Cancelada' });
    const remove = (id: number) => server.request('DELETE', `/api/agenda/bloque/${id}`, { token: doctor.token });

    const [free] = await dayOf(server, doctor);
    expect((await remove(free!.id_agenda)).status).toBe(204);
    for (const { id_agenda } of [pending, confirmed]) {
      const refused = await remove(id_agenda);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'bloque_con_cita', detail: 'No se puede eliminar un bloque con una cita activa.' });
    }
    expect((await remove(cancelled.id_agenda)).body).toMatchObject({ code: 'bloque_con_historial' });
    expect((await remove(free!.id_agenda)).status).toBe(404);
    expect((await server.request('DELETE', '/api/agenda/bloque/abc', { token: doctor.token })).status).toBe(400);
    expect((await dayOf(server, doctor)).map((b) => b.hora_inicio)).toEqual(['09:15', '09:30', '09:45']);
  });

  it('lists the blocked days and the days with pending requests of a month', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    for (const fecha of ['2026-03-05', '2026-03-20', '2026-03-31', '2026-04-01']) await openDay(server, doctor, fecha, ['09:00', '09:15']);
    for (const fecha of ['2026-03-20', '2026-04-01']) {
      await server.request('PUT', '/api/agenda/bloquear', { token: doctor.token, body: range(doctor, fecha, '09:00', '09:15') });
    }
    await bookSlot(server, patient, doctor, '2026-03-05', '09:00');
    await bookSlot(server, patient, doctor, '2026-03-31', '09:15');
    await bookSlot(server, patient, doctor, '2026-03-20', '09:15', { estado: 'Confirmada' });
    await bookSlot(server, patient, doctor, '2026-04-01', '09:15');

    const blocked = await server.request('GET', `/api/agenda/bloqueos?id_doctor=${doctor.id_doctor}&anio=2026&mes=3`, { token: doctor.token });
    expect(blocked.body).toEqual([20]);
    const pending = await server.request('GET', '/api/agenda/solicitudes-pendientes?anio=2026&mes=3', { token: doctor.token });
    expect(pending.body).toEqual([5, 31]);
    const april = await server.request('GET', '/api/agenda/solicitudes-pendientes?anio=2026&mes=4', { token: doctor.token });
    expect(april.body).toEqual([1]);
    const bad = await server.request('GET', '/api/agenda/bloqueos?anio=2026&mes=13', { token: doctor.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ detail: 'Debe ser un número válido.' });
  });

  it("lists a day's pending requests with the patient's name", async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Carmen', apellido1: 'Ruiz' });
    await openDay(server, doctor, DAY, ['09:00', '09:15', '09:30']);
    const { id_cita } = await bookSlot(server, patient, doctor, DAY, '09:30', { motivo: 'Revisión anual' });
    await bookSlot(server, patient, doctor, DAY, '09:00', { estado: 'Confirmada' });
    const response = await server.request('GET', `/api/agenda/solicitudes-dia?fecha=${DAY}`, { token: doctor.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id_cita, id_paciente: patient.id_paciente, paciente: 'Carmen Ruiz', fecha: DAY, hora: '09:30', motivo: 'Revisión anual', estado: 'pendiente', no_presentados: 0 },
    ]);
  });

  it('accepts a request: Confirmada, out of the pending list, its consultation opened, audited', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, ['10:00']);
    const { id_cita, id_agenda } = await bookSlot(server, patient, doctor, DAY, '10:00');
    const accepted = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ id_cita, estado: 'Confirmada' });
    const list = await server.request<unknown[]>('GET', `/api/agenda/solicitudes-dia?fecha=${DAY}`, { token: doctor.token });
    expect(list.body).toEqual([]);
    const [slot] = await dayOf(server, doctor);
    expect(slot).toMatchObject({ id_agenda, estado: 'Reservado', cita: { id_cita, estado: 'Confirmada' } });
    const consultation = await server.database.db.selectFrom('consultas').selectAll().where('id_cita', '=', id_cita).executeTakeFirstOrThrow();
    expect(consultation).toMatchObject({ estado: 'confirmada', id_doctor: doctor.id_doctor, id_paciente: patient.id_paciente, hora: '10:00' });
    const audit = await auditEntries(server, 'cita.confirmar');
    expect(audit.at(-1)).toMatchObject({ id_usuario: doctor.id_usuario, rol: 'doctor', id_paciente: patient.id_paciente });

    const twice = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'cita_ya_respondida' });
  });

  it('rejects a request: Cancelada, the slot free again and its reminder cancelled, audited', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, ['11:00']);
    const { id_cita, id_agenda } = await bookSlot(server, patient, doctor, DAY, '11:00', { recordatorio: true });
    const rejected = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada' } });
    expect(rejected.body).toEqual({ id_cita, estado: 'Cancelada' });
    const [slot] = await dayOf(server, doctor);
    expect(slot).toMatchObject({ id_agenda, estado: 'Disponible', cita: null });
    const reminder = await server.database.db.selectFrom('notificaciones').select('estado').where('id_cita', '=', id_cita).where('tipo', '=', 'recordatorio').executeTakeFirstOrThrow();
    expect(reminder.estado).toBe('cancelado');
    // Audited as a rejection (the request was never a visit), not as a cancellation.
    expect((await auditEntries(server, 'cita.rechazar')).at(-1)).toMatchObject({ id_paciente: patient.id_paciente, detalle: `cita ${id_cita}` });
    expect(await auditEntries(server, 'cita.cancelar', { id_paciente: patient.id_paciente })).toEqual([]);

    // The freed slot can be booked again by someone else (one active appointment per slot).
    const other = await server.createUser('paciente');
    await bookSlot(server, other, doctor, DAY, '11:00');
    const again = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
    expect(again.status).toBe(409);
  });

  it('cancels a confirmed appointment and removes its unfinished consultation', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, ['12:00']);
    const { id_cita } = await bookSlot(server, patient, doctor, DAY, '12:00');
    await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
    const cancelled = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada' } });
    expect(cancelled.status).toBe(200);
    const consultations = await server.database.db.selectFrom('consultas').select('id_consulta').where('id_cita', '=', id_cita).execute();
    expect(consultations).toEqual([]);
    expect((await dayOf(server, doctor))[0]).toMatchObject({ estado: 'Disponible' });
    expect((await auditEntries(server, 'cita.cancelar')).at(-1)).toMatchObject({ id_paciente: patient.id_paciente, detalle: `cita ${id_cita}` });
  });

  it("answers only the doctor's own requests, and validates the answer", async () => {
    const doctor = await server.createUser('doctor');
    const other = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, DAY, ['13:00']);
    const { id_cita } = await bookSlot(server, patient, doctor, DAY, '13:00');
    const foreign = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: other.token, body: { estado: 'Cancelada' } });
    expect(foreign.status).toBe(403);
    expect((await server.request('PUT', '/api/agenda/citas/999999', { token: doctor.token, body: { estado: 'Cancelada' } })).status).toBe(404);
    const bad = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'pendiente' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validacion', errores: [{ campo: 'estado', mensaje: 'El valor no es válido.' }] });
    const untouched = await server.database.db.selectFrom('citas').select('estado').where('id_cita', '=', id_cita).executeTakeFirstOrThrow();
    expect(untouched.estado).toBe('pendiente');
  });

  it('shows on the day a visit the patient did not come to', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await openDay(server, doctor, '2026-03-02', ['08:00']);
    const visit = await bookSlot(server, patient, doctor, '2026-03-02', '08:00', { estado: 'Confirmada' });
    expect((await server.request('PUT', `/api/citas/${visit.id_cita}/no-presentado`, { token: doctor.token })).status).toBe(200);
    const day = await server.request<Bloque[]>('GET', '/api/agenda?fecha=2026-03-02', { token: doctor.token });
    expect(day.body.find((block) => block.hora_inicio === '08:00')?.cita).toMatchObject({ id_cita: visit.id_cita, asistencia: 'No presentado' });
  });
});

