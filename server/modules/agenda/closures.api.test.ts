import { describe, expect, it } from 'vitest';
import type { Bloque } from '../../../contracts/agenda.ts';
import type { Cierre, CierreCreado } from '../../../contracts/relocate.ts';
import type { Festivo, Franja } from '../../../contracts/weekly-hours.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { keepAgendasOpen } from './keep-open.ts';

// The test clock starts on Monday 2026-03-02 (09:00 in Madrid); 8 weeks of agenda run to Sunday 2026-04-26.
const range = (dia_semana: number, hora_inicio: string, hora_fin: string): Franja => ({ dia_semana, hora_inicio, hora_fin, duracion_min: 15 });
const WEEK: Franja[] = [1, 2, 3, 4, 5].map((day) => range(day, '09:00', '13:00'));

const dayOf = async (server: TestServer, doctor: TestUser, fecha: string) => {
  const response = await server.request<Bloque[]>('GET', `/api/agenda?fecha=${fecha}`, { token: doctor.token });
  expect(response.status).toBe(200);
  return response.body;
};
const free = async (server: TestServer, doctor: TestUser, fecha: string) =>
  (await dayOf(server, doctor, fecha)).filter((slot) => slot.estado === 'Disponible').length;

describe.each(DATABASES)('clinic closures and holidays on %s', (kind) => {
  const server = useTestServer(kind, { env: { AGENDA_FILL_POLL_SECONDS: '0', REMINDER_POLL_SECONDS: '0' } });

  const withHours = async () => {
    const doctor = await server.createUser('doctor');
    const set = await server.request('PUT', '/api/agenda/horario', { token: doctor.token, body: { franjas: WEEK } });
    expect(set.status).toBe(200);
    return doctor;
  };
  const book = (patient: TestUser, doctor: TestUser, fecha: string, hora: string) =>
    server.request<{ id_cita: number; code?: string; detail?: string }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha, hora, motivo: 'Revisión' },
    });

  it('closes every agenda on a closure: no slot offered, booking refused, the days back when it is removed', async () => {
    const doctor = await withHours();
    const other = await withHours();
    const patient = await server.createUser('paciente');
    const admin = await server.createUser('admin');
    const reception = await server.createUser('recepcion');
    expect(await free(server, doctor, '2026-03-18')).toBe(16);

    const refused = await server.request('POST', '/api/clinica/cierres', { token: admin.token, body: { fecha_inicio: '2026-03-19', fecha_fin: '2026-03-18', motivo: 'Obras' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errores: [{ campo: 'fecha_fin', mensaje: 'La fecha de fin no puede ser anterior a la de inicio.' }] });
    const past = await server.request('POST', '/api/clinica/cierres', { token: admin.token, body: { fecha_inicio: '2026-02-02', fecha_fin: '2026-02-03', motivo: 'Obras' } });
    expect(past.body).toMatchObject({ code: 'cierre_pasado', detail: 'El cierre ya ha terminado.' });
    expect((await server.request('POST', '/api/clinica/cierres', { token: reception.token, body: { fecha_inicio: '2026-03-18', fecha_fin: '2026-03-19', motivo: 'Obras' } })).status).toBe(403);

    const created = await server.request<CierreCreado>('POST', '/api/clinica/cierres', {
      token: admin.token,
      body: { fecha_inicio: '2026-03-18', fecha_fin: '2026-03-19', motivo: 'Obras' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ cierre: { fecha_inicio: '2026-03-18', fecha_fin: '2026-03-19', motivo: 'Obras' }, por_reubicar: 0 });
    expect(created.body.huecos_cerrados).toBeGreaterThanOrEqual(2 * 2 * 16);
    for (const user of [doctor, other]) {
      expect(await dayOf(server, user, '2026-03-18')).toEqual([]);
      expect(await dayOf(server, user, '2026-03-19')).toEqual([]);
      expect(await free(server, user, '2026-03-20')).toBe(16);
    }
    const booking = await book(patient, doctor, '2026-03-18', '10:00');
    expect(booking.status).toBe(404);
    expect(booking.body.code).toBe('hueco_no_encontrado');

    for (const user of [reception, doctor, admin]) {
      const listed = await server.request<Cierre[]>('GET', '/api/clinica/cierres', { token: user.token });
      expect(listed.body.map((cierre) => cierre.motivo)).toEqual(['Obras']);
    }
    expect((await server.request('GET', '/api/clinica/cierres', { token: patient.token })).status).toBe(403);

    expect((await server.request('DELETE', '/api/clinica/cierres/999999', { token: admin.token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/clinica/cierres/${created.body.cierre.id_cierre}`, { token: admin.token })).status).toBe(204);
    expect(await free(server, doctor, '2026-03-18')).toBe(16);
    expect((await book(patient, doctor, '2026-03-18', '10:00')).status).toBe(201);
    const audit = await server.database.db.selectFrom('auditoria').select('accion').where('id_usuario', '=', admin.id_usuario).execute();
    expect(audit.map((row) => row.accion)).toEqual(expect.arrayContaining(['clinica.cierre', 'clinica.cierre_eliminar']));
  });

  it('blocks the free slots of a day opened by hand when the clinic closes it, and keeps the doctor from opening it again', async () => {
    const doctor = await server.createUser('doctor');
    const admin = await server.createUser('admin');
    const opened = await server.request('POST', '/api/agenda/crear', { token: doctor.token, body: { fecha: '2026-03-21', bloques: ['10:00', '10:30'], intervalo_min: 30 } });
    expect(opened.status).toBe(201);
    await server.request('POST', '/api/clinica/cierres', { token: admin.token, body: { fecha_inicio: '2026-03-21', fecha_fin: '2026-03-21', motivo: 'Obras' } });
    expect((await dayOf(server, doctor, '2026-03-21')).map((slot) => [slot.estado, slot.descripcion])).toEqual([
      ['Bloqueado', 'Obras'],
      ['Bloqueado', 'Obras'],
    ]);
    // Nor can the doctor open or unblock the closed day by hand.
    const reopen = await server.request('POST', '/api/agenda/crear', { token: doctor.token, body: { fecha: '2026-03-21', bloques: ['11:00'], intervalo_min: 30 } });
    expect(reopen.status).toBe(409);
    expect(reopen.body).toMatchObject({ code: 'dia_cerrado', detail: 'La clínica está cerrada ese día: no se ofrece ninguna hora.' });
    const unblock = await server.request('PUT', '/api/agenda/desbloquear', { token: doctor.token, body: { fecha: '2026-03-21', hora_inicio: '10:00', hora_fin: '11:00', motivo: 'Reabrir' } });
    expect(unblock.body).toMatchObject({ code: 'dia_cerrado' });
  });

  it('closes a local holiday, lists it, and opens it again when it is taken off the list', async () => {
    const doctor = await withHours();
    const admin = await server.createUser('admin');
    const reception = await server.createUser('recepcion');
    const added = await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'local', fecha: '2026-03-20', nombre: 'Fiesta mayor' } });
    expect(added.status).toBe(204);
    expect(await dayOf(server, doctor, '2026-03-20')).toEqual([]);
    const again = await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'local', fecha: '2026-03-20', nombre: 'Otra' } });
    expect(again.body).toMatchObject({ code: 'festivo_existente', detail: 'Ese día ya está en la lista de festivos de la clínica.' });
    const publicDay = await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'local', fecha: '2026-04-06', nombre: 'Pascua' } });
    expect(publicDay.status).toBe(409);
    expect(publicDay.body).toMatchObject({ code: 'festivo_ya_publico' });
    const noName = await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'local', fecha: '2026-03-27', nombre: ' ' } });
    expect(noName.status).toBe(400);

    const listed = await server.request<Festivo[]>('GET', '/api/agenda/festivos?anio=2026', { token: reception.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({ fecha: '2026-03-20', nombre: 'Fiesta mayor', origen: 'local', abierto: false });
    expect(listed.body.map((festivo) => festivo.fecha)).toEqual([...listed.body.map((festivo) => festivo.fecha)].sort());

    // A local holiday beyond today's open window closes the day when the generator reaches it.
    await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'local', fecha: '2026-04-30', nombre: 'Fiesta del barrio' } });
    await keepAgendasOpen(server.app, '2026-03-09', doctor.id_doctor as number);
    expect(await dayOf(server, doctor, '2026-04-30')).toEqual([]);
    expect(await free(server, doctor, '2026-04-29')).toBe(16);

    expect((await server.request('DELETE', '/api/clinica/festivos/2026-03-20', { token: admin.token })).status).toBe(204);
    expect(await free(server, doctor, '2026-03-20')).toBe(16);
    const missing = await server.request('DELETE', '/api/clinica/festivos/2026-03-20', { token: admin.token });
    expect(missing.body).toMatchObject({ code: 'festivo_no_encontrado' });
  });

  it('opens a public holiday from the weekly hours, where a patient books, and closes it again', async () => {
    const doctor = await withHours();
    const admin = await server.createUser('admin');
    const patient = await server.createUser('paciente');
    // Easter Monday is a public holiday in Catalonia (PUBLIC_HOLIDAY_REGION ES-CT).
    expect(await dayOf(server, doctor, '2026-04-06')).toEqual([]);
    const notHoliday = await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'abierto', fecha: '2026-04-07' } });
    expect(notHoliday.body).toMatchObject({ code: 'festivo_no_publico', detail: 'Ese día no es festivo: la clínica ya abre.' });

    expect((await server.request('POST', '/api/clinica/festivos', { token: admin.token, body: { tipo: 'abierto', fecha: '2026-04-06' } })).status).toBe(204);
    expect(await free(server, doctor, '2026-04-06')).toBe(16);
    const listed = await server.request<Festivo[]>('GET', '/api/agenda/festivos?anio=2026', { token: doctor.token });
    expect(listed.body.find((festivo) => festivo.fecha === '2026-04-06')).toMatchObject({ origen: 'publico', abierto: true });
    const booked = await book(patient, doctor, '2026-04-06', '09:30');
    expect(booked.status).toBe(201);

    // Taken off the list, the holiday closes again; the booked visit stays and waits at the desk.
    expect((await server.request('DELETE', '/api/clinica/festivos/2026-04-06', { token: admin.token })).status).toBe(204);
    expect((await dayOf(server, doctor, '2026-04-06')).map((slot) => [slot.hora_inicio, slot.estado])).toEqual([['09:30', 'Reservado']]);
    const visit = await server.database.db.selectFrom('citas').select(['estado', 'reubicar_causa']).where('id_cita', '=', booked.body.id_cita).executeTakeFirstOrThrow();
    expect(visit).toEqual({ estado: 'pendiente', reubicar_causa: 'cierre' });
  });
});
