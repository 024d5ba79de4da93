import { describe, expect, it } from 'vitest';
import type { Disponibilidad } from '../../../contracts/appointments.ts';
import type { HuecoLibre } from '../../../contracts/desk-booking.ts';
import type { TipoOferta, TipoReservable, TipoVisita } from '../../../contracts/visit-types.ts';
import { openSlots, slotEstado } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid; Wednesday is inside the booking window.
const DAY = '2026-03-04';
type Answer = { code?: string; detail?: string };

const newType = (fields: Partial<Record<string, unknown>> = {}) => ({
  nombre_es: 'Analítica',
  nombre_ca: 'Analítica',
  nombre_en: 'Blood test',
  duracion_min: 30,
  color: '#AE3EC9',
  reserva: 'todos',
  instrucciones: 'Venga en ayunas',
  ...fields,
});

describe.each(DATABASES)('visit types on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { MAX_VISITS_PER_DOCTOR_DAY: '10', MAX_ACTIVE_VISITS_PER_PATIENT: '50', REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0' },
  });
  const db = () => server.database.db;
  let admin: TestUser;
  const adminUser = async () => (admin ??= await server.createUser('admin'));
  let sequence = 0;

  /** A type of the catalogue made through the API, with a name no other test uses. */
  async function createType(fields: Partial<Record<string, unknown>> = {}): Promise<TipoVisita> {
    sequence += 1;
    const created = await server.request<TipoVisita & Answer>('POST', '/api/tipos-visita', {
      token: (await adminUser()).token,
      body: newType({ nombre_es: `Tipo ${sequence} ${kind}`, nombre_ca: `Tipus ${sequence} ${kind}`, nombre_en: `Type ${sequence} ${kind}`, ...fields }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }

  /** A doctor with 15-minute slots on DAY at the given times. */
  async function doctorWithGrid(horas: string[]) {
    const doctor = await server.createUser('doctor');
    const ids = await openSlots(server, doctor.id_doctor as number, DAY, horas, { minutes: 15 });
    return { doctor, id_doctor: doctor.id_doctor as number, ids };
  }
  const book = (patient: TestUser, id_doctor: number, hora: string, id_tipo_visita?: number) =>
    server.request<Answer & { id_cita: number; hora_fin: string; id_tipo_visita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor, fecha: DAY, hora, motivo: 'Control', ...(id_tipo_visita ? { id_tipo_visita } : {}) },
    });
  const estados = async (id_doctor: number, horas: string[]) => Promise.all(horas.map((hora) => slotEstado(server, id_doctor, DAY, hora)));
  const availability = async (patient: TestUser, id_doctor: number, tipo: number) =>
    server.request<Disponibilidad[] & Answer>('GET', `/api/citas/agenda-disponible/${id_doctor}?desde=${DAY}&dias=1&tipo=${tipo}`, { token: patient.token });

  it('keeps the spec’s three types as the default catalogue; administrators add and change types, others only read the active ones', async () => {
    const patient = await server.createUser('paciente');
    const defaults = await server.request<TipoVisita[]>('GET', '/api/tipos-visita', { token: patient.token });
    expect(defaults.status).toBe(200);
    expect(defaults.body.filter((type) => type.clave !== null).map((type) => [type.clave, type.nombre_en, type.reserva])).toEqual([
      ['Consulta', 'Consultation', 'todos'],
      ['Revisión', 'Check-up', 'pacientes_doctor'],
      ['Urgencia', 'Emergency', 'personal'],
    ]);

    expect((await server.request('POST', '/api/tipos-visita', { body: newType() })).status).toBe(401);
    for (const role of ['paciente', 'doctor', 'recepcion'] as const) {
      const user = await server.createUser(role);
      expect((await server.request('POST', '/api/tipos-visita', { token: user.token, body: newType() })).status).toBe(403);
    }
    const bad = await server.request<Answer>('POST', '/api/tipos-visita', { token: (await adminUser()).token, body: newType({ duracion_min: 2, color: 'red' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('La duración debe estar entre 5 y 480 minutos.');

    const created = await createType({ margen_min: 5 });
    expect(created).toMatchObject({ duracion_min: 30, margen_min: 5, color: '#ae3ec9', instrucciones: 'Venga en ayunas', activo: true, clave: null });
    const twin = await server.request<Answer>('POST', '/api/tipos-visita', { token: (await adminUser()).token, body: newType({ nombre_es: created.nombre_es, nombre_ca: 'x', nombre_en: 'y' }) });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('tipo_visita_nombre_repetido');

    const off = await server.request<TipoVisita>('PUT', `/api/tipos-visita/${created.id_tipo}`, {
      token: (await adminUser()).token,
      body: { ...newType({ nombre_es: created.nombre_es, nombre_ca: created.nombre_ca, nombre_en: created.nombre_en }), activo: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.activo).toBe(false);
    const seen = await server.request<TipoVisita[]>('GET', '/api/tipos-visita', { token: patient.token });
    expect(seen.body.some((type) => type.id_tipo === created.id_tipo)).toBe(false);
    const adminSees = await server.request<TipoVisita[]>('GET', '/api/tipos-visita', { token: (await adminUser()).token });
    expect(adminSees.body.find((type) => type.id_tipo === created.id_tipo)?.activo).toBe(false);
    const missing = await server.request<Answer>('PUT', '/api/tipos-visita/999999', { token: (await adminUser()).token, body: newType({ nombre_es: 'Nada' }) });
    expect(missing.status).toBe(404);

    const audit = await db().selectFrom('auditoria').select('accion').where('accion', 'like', 'tipo_visita.%').execute();
    expect(audit.map((row) => row.accion)).toEqual(expect.arrayContaining(['tipo_visita.crear', 'tipo_visita.cambiar']));
  });

  it('lets each doctor choose the types they offer, at their own length; patients see only those open to them', async () => {
    const analitica = await createType({ duracion_min: 30 });
    const { doctor, id_doctor } = await doctorWithGrid(['10:00']);
    const initial = await server.request<TipoOferta[]>('GET', '/api/doctor/tipos-visita', { token: doctor.token });
    expect(initial.status).toBe(200);
    expect(initial.body.every((type) => type.ofrecido)).toBe(true);

    const consulta = initial.body.find((type) => type.clave === 'Consulta')!;
    const revision = initial.body.find((type) => type.clave === 'Revisión')!;
    const urgencia = initial.body.find((type) => type.clave === 'Urgencia')!;
    const chosen = await server.request<TipoOferta[]>('PUT', '/api/doctor/tipos-visita', {
      token: doctor.token,
      body: { tipos: [{ id_tipo: consulta.id_tipo }, { id_tipo: revision.id_tipo }, { id_tipo: urgencia.id_tipo }, { id_tipo: analitica.id_tipo, duracion_min: 45 }] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.find((type) => type.id_tipo === analitica.id_tipo)).toMatchObject({ ofrecido: true, duracion_propia: 45 });

    const empty = await server.request<Answer>('PUT', '/api/doctor/tipos-visita', { token: doctor.token, body: { tipos: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toContain('Ofrece al menos un tipo de visita.');
    const unknown = await server.request<Answer>('PUT', '/api/doctor/tipos-visita', { token: doctor.token, body: { tipos: [{ id_tipo: 999999 }] } });
    expect(unknown.status).toBe(404);
    const patient = await server.createUser('paciente');
    expect((await server.request('GET', '/api/doctor/tipos-visita', { token: patient.token })).status).toBe(403);

    // Online: 'todos' types; 'pacientes_doctor' only once the patient is the doctor's; never 'personal'.
    const open = await server.request<TipoReservable[]>('GET', `/api/citas/tipos-visita/${id_doctor}`, { token: patient.token, headers: { 'accept-language': 'en' } });
    expect(open.status).toBe(200);
    expect(open.body.map((type) => type.nombre)).toEqual(['Consultation', analitica.nombre_en]);
    expect(open.body.find((type) => type.id_tipo === analitica.id_tipo)?.duracion_min).toBe(45);
    const staffOnly = await book(patient, id_doctor, '10:00', urgencia.id_tipo);
    expect(staffOnly.status).toBe(403);
    expect(staffOnly.body.code).toBe('tipo_visita_solo_personal');
    const notYet = await book(patient, id_doctor, '10:00', revision.id_tipo);
    expect(notYet.status).toBe(403);
    expect(notYet.body.code).toBe('tipo_visita_solo_pacientes');
    expect(await slotEstado(server, id_doctor, DAY, '10:00')).toBe('Disponible');

    const desk = await server.createUser('recepcion');
    const atDesk = await server.request<TipoReservable[]>('GET', `/api/citas/tipos-visita/${id_doctor}`, { token: desk.token });
    expect(atDesk.body).toHaveLength(4);

    // A doctor who no longer offers a type: it cannot be booked with them.
    await server.request('PUT', '/api/doctor/tipos-visita', { token: doctor.token, body: { tipos: [{ id_tipo: consulta.id_tipo }] } });
    const notOffered = await book(patient, id_doctor, '10:00', analitica.id_tipo);
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.code).toBe('tipo_visita_no_ofrecido');
  });

  it('offers only the times where the whole visit fits, and a 30-minute visit on a 15-minute grid takes both slots; cancelling frees both', async () => {
    const analitica = await createType({ duracion_min: 30 });
    const { id_doctor } = await doctorWithGrid(['10:00', '10:15', '10:30', '10:45', '11:15']);
    await db().updateTable('agenda').set({ estado: 'Reservado' }).where('id_doctor', '=', id_doctor).where('hora_inicio', '=', '10:30').execute();
    const ana = await server.createUser('paciente');

    const times = await availability(ana, id_doctor, analitica.id_tipo);
    expect(times.status, JSON.stringify(times.body)).toBe(200);
    // 10:15 runs into the taken 10:30; 10:45 and 11:15 have no slot after them (11:00 is a gap).
    expect(times.body.filter((slot) => slot.tipo === 'Disponible').map((slot) => `${slot.hora_inicio}-${slot.hora_fin}`)).toEqual(['10:00-10:30']);

    // A type shorter than its slot holds the whole slot.
    const quick = await createType({ duracion_min: 10 });
    const shortTimes = await availability(ana, id_doctor, quick.id_tipo);
    expect(shortTimes.body.find((slot) => slot.hora_inicio === '10:45')?.hora_fin).toBe('11:00');

    const gap = await book(ana, id_doctor, '10:45', analitica.id_tipo);
    expect(gap.status).toBe(409);
    expect(gap.body.code).toBe('tipo_visita_no_cabe');
    expect(await slotEstado(server, id_doctor, DAY, '10:45')).toBe('Disponible');

    const booked = await book(ana, id_doctor, '10:00', analitica.id_tipo);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ hora_fin: '10:30', id_tipo_visita: analitica.id_tipo });
    expect(await estados(id_doctor, ['10:00', '10:15'])).toEqual(['Reservado', 'Reservado']);
    const mine = await server.request<{ tipo_visita: unknown }[]>('GET', '/api/citas/mias?periodo=proximas', { token: ana.token, headers: { 'accept-language': 'en' } });
    expect(mine.body[0]?.tipo_visita).toEqual({ id_tipo: analitica.id_tipo, nombre: analitica.nombre_en, color: analitica.color });

    // Nothing can be booked over any part of it.
    const luis = await server.createUser('paciente');
    const over = await book(luis, id_doctor, '10:15');
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('hueco_ocupado');

    const cancelled = await server.request('PUT', `/api/citas/${booked.body.id_cita}/cancelar`, { token: ana.token });
    expect(cancelled.status).toBe(200);
    expect(await estados(id_doctor, ['10:00', '10:15'])).toEqual(['Disponible', 'Disponible']);
    expect(await db().selectFrom('citas_huecos').select('id_agenda').where('id_cita', '=', booked.body.id_cita).execute()).toEqual([]);
    expect((await book(luis, id_doctor, '10:15')).status).toBe(201);
  });

  it('holds the buffer after a type, and a visit that overlaps another refuses without taking anything', async () => {
    const cura = await createType({ duracion_min: 20, margen_min: 10 });
    const { id_doctor } = await doctorWithGrid(['09:45', '10:00', '10:15', '10:30']);
    const ana = await server.createUser('paciente');
    const first = await book(ana, id_doctor, '10:00', cura.id_tipo);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // 20 minutes and 10 of buffer: two 15-minute slots.
    expect(first.body.hora_fin).toBe('10:30');
    expect(await estados(id_doctor, ['09:45', '10:00', '10:15', '10:30'])).toEqual(['Disponible', 'Reservado', 'Reservado', 'Disponible']);

    const luis = await server.createUser('paciente');
    const overlapping = await book(luis, id_doctor, '09:45', cura.id_tipo);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.code).toBe('hueco_ocupado');
    expect(await slotEstado(server, id_doctor, DAY, '09:45')).toBe('Disponible');
    expect(await db().selectFrom('citas').select('id_cita').where('id_doctor', '=', id_doctor).execute()).toHaveLength(1);
  });

  it('moves a longer visit whole: the new time holds as many minutes, the old ones are free', async () => {
    const analitica = await createType({ duracion_min: 30 });
    const { id_doctor } = await doctorWithGrid(['10:00', '10:15', '10:30', '10:45']);
    const ana = await server.createUser('paciente');
    const booked = await book(ana, id_doctor, '10:00', analitica.id_tipo);
    expect(booked.status).toBe(201);
    // Within its own time: 10:15-10:45 reuses 10:15.
    const moved = await server.request<Answer>('PUT', `/api/citas/${booked.body.id_cita}/cambiar`, { token: ana.token, body: { fecha: DAY, hora: '10:15' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await estados(id_doctor, ['10:00', '10:15', '10:30', '10:45'])).toEqual(['Disponible', 'Reservado', 'Reservado', 'Disponible']);
    const noRoom = await server.request<Answer>('PUT', `/api/citas/${booked.body.id_cita}/cambiar`, { token: ana.token, body: { fecha: DAY, hora: '10:45' } });
    expect(noRoom.status).toBe(409);
    expect(noRoom.body.code).toBe('tipo_visita_no_cabe');
    expect(await estados(id_doctor, ['10:00', '10:15', '10:30', '10:45'])).toEqual(['Disponible', 'Reservado', 'Reservado', 'Disponible']);
  });

  it('lets the desk and the doctor book by type too', async () => {
    const analitica = await createType({ duracion_min: 30, reserva: 'personal' });
    const { doctor, id_doctor, ids } = await doctorWithGrid(['10:00', '10:15', '10:30', '11:00', '11:15']);
    const desk = await server.createUser('recepcion');
    const ana = await server.createUser('paciente');

    const free = await server.request<HuecoLibre[]>('GET', `/api/recepcion/huecos?id_doctor=${id_doctor}&desde=${DAY}&tipo=${analitica.id_tipo}`, { token: desk.token });
    expect(free.status).toBe(200);
    expect(free.body.map((slot) => `${slot.hora_inicio}-${slot.hora_fin}`)).toEqual(['10:00-10:30', '10:15-10:45', '11:00-11:30']);

    const atDesk = await server.request<Answer & { id_cita: number }>('POST', '/api/recepcion/citas', {
      token: desk.token,
      body: { id_paciente: ana.id_paciente, id_agenda: ids[0], motivo: 'Analítica', id_tipo_visita: analitica.id_tipo },
    });
    expect(atDesk.status, JSON.stringify(atDesk.body)).toBe(201);
    expect(await estados(id_doctor, ['10:00', '10:15', '10:30'])).toEqual(['Reservado', 'Reservado', 'Disponible']);
    const tooLate = await server.request<Answer>('POST', '/api/recepcion/citas', {
      token: desk.token,
      body: { id_paciente: ana.id_paciente, id_agenda: ids[2], motivo: 'Analítica', id_tipo_visita: analitica.id_tipo },
    });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.code).toBe('tipo_visita_no_cabe');

    const assigned = await server.request<Answer>('POST', '/api/consultas', {
      token: doctor.token,
      body: { pacienteId: ana.id_usuario, fecha: DAY, hora: '11:00', motivo: 'Analítica', id_tipo_visita: analitica.id_tipo },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    expect(await estados(id_doctor, ['11:00', '11:15'])).toEqual(['Reservado', 'Reservado']);
    const visits = await server.request<{ tipo_visita: { nombre: string } | null }[]>('GET', '/api/medico/visitas', { token: doctor.token });
    expect(visits.body.map((visit) => visit.tipo_visita?.nombre)).toEqual([analitica.nombre_es, analitica.nombre_es]);
    const deskList = await server.request<{ citas: { tipo_visita: { nombre: string } | null }[] }>('GET', `/api/recepcion/pacientes/${ana.id_paciente}/citas`, { token: desk.token });
    expect(deskList.body.citas.map((visit) => visit.tipo_visita?.nombre)).toEqual([analitica.nombre_es, analitica.nombre_es]);
    const stored = await db().selectFrom('citas').select(['id_tipo_visita', 'duracion_min']).where('id_doctor', '=', id_doctor).execute();
    expect(stored).toEqual([
      { id_tipo_visita: analitica.id_tipo, duracion_min: 30 },
      { id_tipo_visita: analitica.id_tipo, duracion_min: 30 },
    ]);
  });

  it('gives exactly one of many overlapping longer bookings on one doctor, with nothing half-taken', async () => {
    const analitica = await createType({ duracion_min: 30 });
    const { id_doctor } = await doctorWithGrid(['10:00', '10:15', '10:30']);
    const patients: TestUser[] = [];
    for (let i = 0; i < 12; i++) patients.push(await server.createUser('paciente'));
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(patients.map((patient, i) => book(patient, id_doctor, i % 2 === 0 ? '10:00' : '10:15', analitica.id_tipo)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([201, ...Array<number>(11).fill(409)]);
      const reserved = await db().selectFrom('agenda').select('hora_inicio').where('id_doctor', '=', id_doctor).where('estado', '=', 'Reservado').execute();
      expect(reserved).toHaveLength(2);
      const winner = answers.find((answer) => answer.status === 201)!;
      expect(await db().selectFrom('citas_huecos').select('id_agenda').where('id_cita', '=', winner.body.id_cita).execute()).toHaveLength(1);
      const owner = patients[answers.indexOf(winner)]!;
      expect((await server.request('PUT', `/api/citas/${winner.body.id_cita}/cancelar`, { token: owner.token })).status).toBe(200);
      expect(await estados(id_doctor, ['10:00', '10:15', '10:30'])).toEqual(['Disponible', 'Disponible', 'Disponible']);
    }
  });
});
