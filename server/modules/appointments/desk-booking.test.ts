import { describe, expect, it } from 'vitest';
import type { CitaRecepcionItem, CitasPacienteRecepcion, HuecoLibre } from '../../../contracts/desk-booking.ts';
import { openSlots, setSpecialty, slotEstado } from '../../testing/appointments.ts';
import { outboxMails, outboxMailsTo } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid; the clinic's notice is 2 hours
// (nothing before 11:00 today) and its horizon 90 days (up to 2026-05-31). Good Friday, 2026-04-03,
// is a public holiday.
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const DAY = '2026-03-10';
const GOOD_FRIDAY = '2026-04-03';

type Answer = { code?: string; detail?: string };

describe.each(DATABASES)('the front desk books for a patient on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' },
  });
  const db = () => server.database.db;
  let desk: TestUser;
  const deskUser = async () => (desk ??= await server.createUser('recepcion'));

  const slots = async (query: string, language = 'es') =>
    server.request<HuecoLibre[] & Answer>('GET', `/api/recepcion/huecos?${query}`, { token: (await deskUser()).token, headers: { 'accept-language': language } });
  const book = async (body: Record<string, unknown>, language = 'es') =>
    server.request<CitaRecepcionItem & Answer>('POST', '/api/recepcion/citas', { token: (await deskUser()).token, body, headers: { 'accept-language': language } });
  const move = async (id_cita: number, body: Record<string, unknown>, token?: string, language = 'es') =>
    server.request<CitaRecepcionItem & Answer>('POST', `/api/recepcion/citas/${id_cita}/mover`, {
      token: token ?? (await deskUser()).token,
      body,
      headers: { 'accept-language': language },
    });
  const cancel = async (id_cita: number, body: Record<string, unknown>, language = 'es') =>
    server.request<Answer & { estado: string }>('POST', `/api/recepcion/citas/${id_cita}/cancelar`, {
      token: (await deskUser()).token,
      body,
      headers: { 'accept-language': language },
    });
  const visits = async (id_paciente: number) => {
    const response = await server.request<CitasPacienteRecepcion>('GET', `/api/recepcion/pacientes/${id_paciente}/citas`, { token: (await deskUser()).token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const cita = (id_cita: number) =>
    db()
      .selectFrom('citas')
      .select(['id_agenda', 'id_doctor', 'fecha', 'hora', 'estado', 'motivo', 'secuencia', 'cancelada_por', 'motivo_rechazo', 'limite_forzado'])
      .where('id_cita', '=', id_cita)
      .executeTakeFirstOrThrow();

  async function doctorOf(codigo: string, apellido1: string) {
    const doctor = await server.createUser('doctor', { nombre: 'Dra', apellido1 });
    const id_especialidad = await setSpecialty(server, doctor.id_doctor as number, codigo);
    return { doctor, id_doctor: doctor.id_doctor as number, id_especialidad };
  }
  const patient = () => server.createUser('paciente', { nombre: 'Ana', apellido1: 'López' });
  const idOf = (user: TestUser) => user.id_paciente as number;

  it('lists the first free times across a specialty’s doctors, soonest first, inside notice and horizon, off closed days', async () => {
    const puig = await doctorOf('dermatologia', 'Puig');
    const ruiz = await doctorOf('dermatologia', 'Ruiz');
    const other = await doctorOf('cardiologia', 'Serra');
    await openSlots(server, puig.id_doctor, TODAY, ['10:00', '12:00']); // 10:00 is inside the 2-hour notice
    await openSlots(server, puig.id_doctor, TOMORROW, ['09:00']);
    await openSlots(server, puig.id_doctor, TOMORROW, ['10:00'], { estado: 'Reservado' });
    await openSlots(server, puig.id_doctor, GOOD_FRIDAY, ['09:00']);
    await openSlots(server, puig.id_doctor, '2026-06-10', ['09:00']); // past the horizon
    await openSlots(server, ruiz.id_doctor, TODAY, ['11:30']);
    await openSlots(server, ruiz.id_doctor, TOMORROW, ['08:30']);
    await openSlots(server, ruiz.id_doctor, TOMORROW, ['08:00'], { estado: 'Bloqueado' }); // an absence
    await openSlots(server, other.id_doctor, TODAY, ['12:00']);

    const all = await slots(`id_especialidad=${puig.id_especialidad}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.map((slot) => [slot.fecha, slot.hora_inicio, slot.doctor])).toEqual([
      [TODAY, '11:30', 'Dra Ruiz'],
      [TODAY, '12:00', 'Dra Puig'],
      [TOMORROW, '08:30', 'Dra Ruiz'],
      [TOMORROW, '09:00', 'Dra Puig'],
    ]);
    expect(all.body[0]).toMatchObject({ id_doctor: ruiz.id_doctor, hora_fin: '12:00', especialidad: expect.stringMatching(/^Dermatología/) });

    const one = await slots(`id_doctor=${puig.id_doctor}`);
    expect(one.body.map((slot) => `${slot.fecha} ${slot.hora_inicio}`)).toEqual([`${TODAY} 12:00`, `${TOMORROW} 09:00`]);
    const first = await slots(`id_especialidad=${puig.id_especialidad}&limite=1`);
    expect(first.body.map((slot) => slot.hora_inicio)).toEqual(['11:30']);
    const later = await slots(`id_especialidad=${puig.id_especialidad}&desde=${TOMORROW}`);
    expect(later.body.map((slot) => slot.hora_inicio)).toEqual(['08:30', '09:00']);
    const english = await slots(`id_doctor=${puig.id_doctor}&limite=1`, 'en');
    expect(english.body[0]?.especialidad).toBe('Dermatology and Venereology');

    const doctors = await server.request<{ id_doctor: number; nombre: string }[]>('GET', `/api/recepcion/doctores?id_especialidad=${puig.id_especialidad}`, {
      token: (await deskUser()).token,
    });
    expect(doctors.body.map((doctor) => doctor.nombre)).toEqual(['Dra Puig', 'Dra Ruiz']);

    const neither = await slots('limite=3');
    expect(neither.status).toBe(400);
    expect(neither.body.detail).toContain('Elige una especialidad o un doctor.');
  });

  it('books confirmed at once: audit row with the desk user, reminder for the patient, visit on the patient’s list', async () => {
    const { doctor, id_doctor } = await doctorOf('neurologia', 'Vidal');
    const [id_agenda] = await openSlots(server, id_doctor, DAY, ['10:00']);
    const ana = await patient();

    const booked = await book({ id_paciente: idOf(ana), id_agenda, motivo: 'Revisión de un lunar' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      id_paciente: idOf(ana),
      id_doctor,
      fecha: DAY,
      hora: '10:00',
      estado: 'Confirmada',
      limite_forzado: null,
    });
    expect((await cita(booked.body.id_cita)).motivo).toBe('Revisión de un lunar');
    const { id_cita } = booked.body;
    expect(await slotEstado(server, id_doctor, DAY, '10:00')).toBe('Reservado');
    // Confirmed as a doctor's confirmation is: its consultation is open, the reminder is scheduled.
    expect(await db().selectFrom('consultas').select('estado').where('id_cita', '=', id_cita).execute()).toEqual([{ estado: 'confirmada' }]);
    // The clinic's plan: an e-mail two days before (the patient has no mobile, so no SMS).
    expect(await db().selectFrom('notificaciones').select(['estado', 'enviar_en']).where('id_cita', '=', id_cita).where('tipo', '=', 'recordatorio').execute()).toEqual([
      { estado: 'pendiente', enviar_en: '2026-03-08T09:00:00.000Z' },
    ]);
    const audit = await db().selectFrom('auditoria').select(['id_usuario', 'rol', 'accion', 'id_paciente', 'detalle']).where('accion', '=', 'cita.crear').where('id_paciente', '=', idOf(ana)).execute();
    expect(audit).toEqual([{ id_usuario: desk.id_usuario, rol: 'recepcion', accion: 'cita.crear', id_paciente: idOf(ana), detalle: `cita ${id_cita}, doctor ${id_doctor}, recepción` }]);
    // The doctor's pending-request notice is not for a confirmed visit.
    await server.app.mailer.settled();
    expect(outboxMailsTo(server, doctor.correo)).toEqual([]);

    const list = await visits(idOf(ana));
    expect(list.paciente).toMatchObject({ id_paciente: idOf(ana), nombre: 'Ana', apellido1: 'López', correo: ana.correo });
    expect(list.citas.map((visit) => visit.id_cita)).toEqual([id_cita]);
    // Nothing clinical: not even the visit's reason.
    expect(JSON.stringify(list)).not.toMatch(/Revisión de un lunar|motivo|diagnostico|descripcion/);
  });

  it('refuses a taken time, a closed day, an unknown or inactive patient, and a time outside the window, each in words', async () => {
    const { id_doctor } = await doctorOf('urologia', 'Mas');
    const [taken, free, holiday, far, soon] = await Promise.all([
      openSlots(server, id_doctor, DAY, ['09:00'], { estado: 'Reservado' }),
      openSlots(server, id_doctor, DAY, ['09:30']),
      openSlots(server, id_doctor, GOOD_FRIDAY, ['09:00']),
      openSlots(server, id_doctor, '2026-06-10', ['09:00']),
      openSlots(server, id_doctor, TODAY, ['10:00']),
    ]);
    const ana = await patient();
    const refused = async (body: Record<string, unknown>, status: number, code: string, detail: string, language = 'es') => {
      const response = await book({ id_paciente: idOf(ana), motivo: 'Control', ...body }, language);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body).toMatchObject({ code, detail });
    };
    await refused({ id_agenda: taken[0] }, 409, 'recepcion_hueco_ocupado', 'Ese hueco ya no está disponible: se acaba de reservar. Elige otro de la lista.');
    await refused({ id_agenda: taken[0] }, 409, 'recepcion_hueco_ocupado', 'Aquesta hora ja no està disponible: s’acaba de reservar. Tria’n una altra de la llista.', 'ca');
    await refused({ id_agenda: taken[0] }, 409, 'recepcion_hueco_ocupado', 'That time is no longer available: it has just been booked. Choose another from the list.', 'en');
    await refused({ id_agenda: holiday[0] }, 409, 'recepcion_dia_cerrado', 'La clínica está cerrada el 03/04/2026. Elige otro día.');
    await refused({ id_agenda: holiday[0] }, 409, 'recepcion_dia_cerrado', 'The clinic is closed on 03/04/2026. Choose another day.', 'en');
    await refused({ id_agenda: far[0] }, 400, 'reserva_demasiado_lejos', 'Solo se puede reservar hasta el 31/05/2026.');
    await refused({ id_agenda: soon[0] }, 400, 'reserva_sin_antelacion', expect.stringContaining('antelación'));
    await refused({ id_agenda: 999_999 }, 404, 'recepcion_hueco_no_encontrado', 'Ese hueco no existe o ya no se puede reservar. Elige otro de la lista.');
    await refused({ id_paciente: 999_999, id_agenda: free[0] }, 404, 'recepcion_paciente_no_encontrado', 'El paciente no existe o su ficha no está activa.');
    await db().updateTable('pacientes').set({ estado: 'Inactivo' }).where('id_paciente', '=', idOf(ana)).execute();
    await refused({ id_agenda: free[0] }, 404, 'recepcion_paciente_no_encontrado', 'The patient does not exist or their record is not active.', 'en');
    const missing = await book({ id_paciente: idOf(ana), id_agenda: free[0] });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('El motivo de la cita es obligatorio.');
    expect(await slotEstado(server, id_doctor, DAY, '09:30')).toBe('Disponible');
  });

  it('applies the caps unless the desk gives a reason, which is kept with the visit and audited', async () => {
    const { id_doctor } = await doctorOf('reumatologia', 'Font');
    const ids = await openSlots(server, id_doctor, DAY, ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    const ana = await patient();
    const first = await book({ id_paciente: idOf(ana), id_agenda: ids[0], motivo: 'Dolor de rodilla' });
    expect(first.status).toBe(201);

    // One visit per doctor a day.
    const sameDay = await book({ id_paciente: idOf(ana), id_agenda: ids[1], motivo: 'Otra' });
    expect(sameDay.status).toBe(409);
    expect(sameDay.body).toMatchObject({
      code: 'recepcion_limite_citas_doctor_dia',
      detail: 'El paciente ya tiene una cita con este doctor ese día. Elige otro día o, para citarle igualmente, indica el motivo.',
    });
    const blank = await book({ id_paciente: idOf(ana), id_agenda: ids[1], motivo: 'Otra', forzar_limite: { motivo: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain('Indica el motivo para citar por encima del límite.');
    const forced = await book({ id_paciente: idOf(ana), id_agenda: ids[1], motivo: 'Otra', forzar_limite: { motivo: 'Dos pruebas el mismo día' } });
    expect(forced.status, JSON.stringify(forced.body)).toBe(201);
    expect(forced.body.limite_forzado).toBe('Dos pruebas el mismo día');
    expect((await visits(idOf(ana))).citas.find((visit) => visit.id_cita === forced.body.id_cita)?.limite_forzado).toBe('Dos pruebas el mismo día');
    const audit = await db().selectFrom('auditoria').select('detalle').where('accion', '=', 'cita.crear').where('id_paciente', '=', idOf(ana)).orderBy('id_auditoria').execute();
    expect(audit.at(-1)?.detalle).toBe(`cita ${forced.body.id_cita}, doctor ${id_doctor}, recepción; recepcion_limite_citas_doctor_dia: Dos pruebas el mismo día`);

    // Four active visits at most: two more with other doctors, then the fifth is refused.
    for (const codigo of ['oftalmologia', 'pediatria']) {
      const another = await doctorOf(codigo, 'Roig');
      const [slot] = await openSlots(server, another.id_doctor, DAY, ['12:00']);
      expect((await book({ id_paciente: idOf(ana), id_agenda: slot, motivo: 'Control' })).status).toBe(201);
    }
    const fifth = await doctorOf('geriatria', 'Pons');
    const [slot] = await openSlots(server, fifth.id_doctor, DAY, ['12:00']);
    const over = await book({ id_paciente: idOf(ana), id_agenda: slot, motivo: 'Control' }, 'en');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'recepcion_limite_citas_activas',
      detail: 'The patient already has the most pending or confirmed visits allowed (4). To book anyway, give the reason.',
    });
    const passed = await book({ id_paciente: idOf(ana), id_agenda: slot, motivo: 'Control', forzar_limite: { motivo: 'Derivación urgente' } });
    expect(passed.status).toBe(201);
    // A reason given when no cap is passed is not kept: nothing was overridden.
    const bob = await server.createUser('paciente');
    const plain = await book({ id_paciente: idOf(bob), id_agenda: ids[2], motivo: 'Control', forzar_limite: { motivo: 'Por si acaso' } });
    expect(plain.body.limite_forzado).toBeNull();
  });

  it('moves a visit in one step, to another time or another doctor of the same specialty; never to another specialty', async () => {
    const puig = await doctorOf('endocrinologia', 'Puig');
    const ruiz = await doctorOf('endocrinologia', 'Ruiz');
    const other = await doctorOf('nefrologia', 'Costa');
    const [from, later] = await openSlots(server, puig.id_doctor, DAY, ['09:00', '12:00']);
    const [elsewhere] = await openSlots(server, ruiz.id_doctor, TOMORROW, ['16:00']);
    const [otherSpecialty] = await openSlots(server, other.id_doctor, DAY, ['13:00']);
    const ana = await patient();
    const booked = await book({ id_paciente: idOf(ana), id_agenda: from, motivo: 'Tiroides' });
    const { id_cita } = booked.body;
    // The doctor's notes on the visit's consultation travel with it.
    await db().updateTable('consultas').set({ tipo: 'Revisión', descripcion: 'Traer analítica' }).where('id_cita', '=', id_cita).execute();
    const before = await cita(id_cita);

    const moved = await move(id_cita, { id_agenda: later, desde_agenda: from });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id_cita, id_doctor: puig.id_doctor, fecha: DAY, hora: '12:00', estado: 'Confirmada' });
    expect(await slotEstado(server, puig.id_doctor, DAY, '09:00')).toBe('Disponible');
    expect(await slotEstado(server, puig.id_doctor, DAY, '12:00')).toBe('Reservado');
    const after = await cita(id_cita);
    expect(after.secuencia).toBeGreaterThan(before.secuencia);

    const toRuiz = await move(id_cita, { id_agenda: elsewhere, desde_agenda: later });
    expect(toRuiz.status, JSON.stringify(toRuiz.body)).toBe(200);
    expect(toRuiz.body).toMatchObject({ id_cita, id_doctor: ruiz.id_doctor, doctor: 'Dra Ruiz', fecha: TOMORROW, hora: '16:00' });
    expect(await slotEstado(server, puig.id_doctor, DAY, '12:00')).toBe('Disponible');
    expect(await db().selectFrom('consultas').select(['id_doctor', 'fecha', 'hora', 'tipo', 'descripcion', 'motivo']).where('id_cita', '=', id_cita).execute()).toEqual([
      { id_doctor: ruiz.id_doctor, fecha: TOMORROW, hora: '16:00', tipo: 'Revisión', descripcion: 'Traer analítica', motivo: 'Tiroides' },
    ]);
    // The reminder follows: two days before 16:00 Madrid on the 3rd has passed, so none is left waiting.
    expect(await db().selectFrom('notificaciones').select('enviar_en').where('id_cita', '=', id_cita).where('tipo', '=', 'recordatorio').where('estado', '=', 'pendiente').execute()).toEqual([]);
    expect((await cita(id_cita)).secuencia).toBeGreaterThan(after.secuencia);

    const refused = await move(id_cita, { id_agenda: otherSpecialty, desde_agenda: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'recepcion_otra_especialidad', detail: 'La cita solo puede pasar a otro doctor de la misma especialidad.' });
    const same = await move(id_cita, { id_agenda: elsewhere, desde_agenda: elsewhere });
    const stale = await move(id_cita, { id_agenda: later, desde_agenda: from });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('recepcion_cita_cambiada');
    expect(same.status).toBe(409);
    expect(await slotEstado(server, other.id_doctor, DAY, '13:00')).toBe('Disponible');
    const audit = await db().selectFrom('auditoria').select(['rol', 'detalle']).where('accion', '=', 'cita.cambiar').where('id_paciente', '=', idOf(ana)).orderBy('id_auditoria').execute();
    expect(audit.map((row) => row.rol)).toEqual(['recepcion', 'recepcion']);
  });

  it('cancels with a required reason: cancelled by the clinic, slot free, the patient told, the waitlist offered the time', async () => {
    const { id_doctor } = await doctorOf('hematologia', 'Bosch');
    const [id_agenda] = await openSlots(server, id_doctor, DAY, ['10:00']);
    const ana = await patient();
    const { id_cita } = (await book({ id_paciente: idOf(ana), id_agenda, motivo: 'Analítica' })).body;
    const waiting = await server.createUser('paciente');
    const joined = await server.request('POST', '/api/lista-espera', {
      token: waiting.token,
      body: { id_doctor, desde: TODAY, hasta: '2026-03-20', franja: 'manana' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);

    const noReason = await cancel(id_cita, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.detail).toContain('Indica el motivo de la cancelación.');

    const cancelled = await cancel(id_cita, { motivo: 'La doctora estará de baja' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toEqual({ id_cita, estado: 'Cancelada' });
    expect(await cita(id_cita)).toMatchObject({ estado: 'Cancelada', cancelada_por: 'clinica', motivo_rechazo: 'La doctora estará de baja' });
    expect(await slotEstado(server, id_doctor, DAY, '10:00')).toBe('Disponible');
    expect(await db().selectFrom('consultas').select('id_consulta').where('id_cita', '=', id_cita).execute()).toEqual([]);
    await server.app.mailer.settled();
    // Ana heard of the booking, then of its cancellation: by the clinic, with the desk's reason.
    const told = outboxMailsTo(server, ana.correo).find((mail) => mail.text.includes('ha cancelado tu cita'));
    expect(told?.text).toContain('Galeno Centro Médico ha cancelado tu cita.');
    expect(told?.text).toContain('«La doctora estará de baja»');
    expect(outboxMailsTo(server, waiting.correo)).toHaveLength(1);
    const again = await cancel(id_cita, { motivo: 'Otra vez' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('La cita ya está cancelada.');
    expect((await visits(idOf(ana))).citas).toEqual([]);
  });

  it('keeps one winner when desks, online booking, a doctor’s assignment and the waitlist race for one time', async () => {
    const { doctor, id_doctor } = await doctorOf('neumologia', 'Prat');
    const otherDesk = await server.createUser('recepcion');

    // Two desks move the same visit at once, to two different times: one moves it, the other is told.
    const [from, a, b] = await openSlots(server, id_doctor, DAY, ['09:00', '10:00', '11:00']);
    const ana = await patient();
    const { id_cita } = (await book({ id_paciente: idOf(ana), id_agenda: from, motivo: 'Tos' })).body;
    const answers = await Promise.all([move(id_cita, { id_agenda: a, desde_agenda: from }), move(id_cita, { id_agenda: b, desde_agenda: from }, otherDesk.token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body.code).toBe('recepcion_cita_cambiada');
    expect(loser?.body.detail).toBe('Esta cita acaba de cambiar desde otro puesto (se ha movido o cancelado). Revisa la lista y vuelve a intentarlo.');
    const winner = answers.find((answer) => answer.status === 200)?.body;
    expect((await cita(id_cita)).id_agenda).toBe(winner?.id_agenda);
    const estados = await db().selectFrom('agenda').select(['id_agenda', 'estado']).where('id_agenda', 'in', [from, a, b] as number[]).execute();
    expect(estados.filter((row) => row.estado === 'Reservado').map((row) => row.id_agenda)).toEqual([winner?.id_agenda]);

    // A desk booking, a desk move, a patient's online booking and the doctor's assignment on one slot.
    const [target, moveFrom] = await openSlots(server, id_doctor, DAY, ['12:00', '13:00']);
    const bob = await server.createUser('paciente');
    const carla = await server.createUser('paciente');
    const dani = await server.createUser('paciente');
    const eva = await server.createUser('paciente');
    const moving = (await book({ id_paciente: idOf(eva), id_agenda: moveFrom, motivo: 'Control' })).body.id_cita;
    const race = await Promise.all([
      book({ id_paciente: idOf(bob), id_agenda: target, motivo: 'Revisión' }),
      move(moving, { id_agenda: target, desde_agenda: moveFrom }, otherDesk.token),
      server.request<Answer>('POST', '/api/citas', { token: carla.token, body: { id_doctor, fecha: DAY, hora: '12:00', motivo: 'Tos', recordatorio: false } }),
      server.request<Answer>('POST', '/api/consultas', { token: doctor.token, body: { pacienteId: dani.id_usuario, fecha: DAY, hora: '12:00', motivo: 'Control' } }),
    ]);
    const statuses = race.map((answer) => answer.status);
    expect(statuses.filter((status) => status < 300), JSON.stringify(race.map((answer) => answer.body))).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const onTarget = await db().selectFrom('citas').select('id_cita').where('id_agenda', '=', target!).where('estado', '<>', 'Cancelada').execute();
    expect(onTarget).toHaveLength(1);
    // The move lost or won whole: Eva's visit is on exactly one slot, and a lost move left her old slot hers.
    const eve = await cita(moving);
    expect([target, moveFrom]).toContain(eve.id_agenda);
    expect(await slotEstado(server, id_doctor, DAY, '13:00')).toBe(eve.id_agenda === moveFrom ? 'Reservado' : 'Disponible');

    // The waitlist is offered a time the desk frees; the desk booking it and the patient claiming race.
    const [freed] = await openSlots(server, id_doctor, DAY, ['15:00']);
    const holder = await server.createUser('paciente');
    const held = (await book({ id_paciente: idOf(holder), id_agenda: freed, motivo: 'Control' })).body.id_cita;
    const waiter = await server.createUser('paciente');
    await db().updateTable('lista_espera').set({ estado: 'retirada' }).where('id_doctor', '=', id_doctor).execute();
    const joined = await server.request('POST', '/api/lista-espera', {
      token: waiter.token,
      body: { id_doctor, desde: TODAY, hasta: '2026-03-20', franja: 'tarde' },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect((await cancel(held, { motivo: 'El paciente no puede venir' })).status).toBe(200);
    await server.app.mailer.settled();
    const offer = outboxMails(server).find((mail) => mail.headers.get('to')?.includes(waiter.correo));
    const token = /\/lista-espera\/oferta\?token=([A-Za-z0-9_-]{43})/.exec(offer?.text ?? '')?.[1];
    expect(token, offer?.text).toBeDefined();
    const fran = await server.createUser('paciente');
    const [byDesk, byWaiter] = await Promise.all([
      book({ id_paciente: idOf(fran), id_agenda: freed, motivo: 'Control' }),
      server.request<Answer>('POST', `/api/lista-espera/ofertas/${token}/aceptar`, { token: waiter.token, body: { motivo: 'Control', recordatorio: true } }),
    ]);
    expect([byDesk.status, byWaiter.status].filter((status) => status === 201), JSON.stringify([byDesk.body, byWaiter.body])).toHaveLength(1);
    expect([byDesk.status, byWaiter.status].every((status) => status === 201 || status === 409)).toBe(true);
    expect(await db().selectFrom('citas').select('id_cita').where('id_agenda', '=', freed!).where('estado', '<>', 'Cancelada').execute()).toHaveLength(1);
  });
});
