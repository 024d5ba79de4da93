import { describe, expect, it } from 'vitest';
import type { CambioDia, DiaClinica, SalaEspera, SinCitaCreada, VisitaDia } from '../../../contracts/clinic-day.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { openSlots } from '../../testing/appointments.ts';
import { pdfText } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 08:00Z, 09:00 in Madrid.
const TODAY = '2026-03-02';
const TOMORROW = '2026-03-03';
const at = (madridTime: string) => `${TODAY}T${String(Number(madridTime.slice(0, 2)) - 1).padStart(2, '0')}:${madridTime.slice(3, 5)}:00Z`;

type Error409 = { code: string; detail: string };

describe.each(DATABASES)('the clinic day at the desk on %s', (kind) => {
  const server = useTestServer(kind);

  /** A doctor with slots today, two patients booked (confirmed) at 09:00 and 09:30, and a reception user. */
  async function day(server: TestServer, horas = ['09:00', '09:30', '10:00', '10:30']) {
    const doctor = await server.createUser('doctor', { nombre: 'Marta', apellido1: 'Vidal' });
    const ana = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'Ruiz' });
    const bea = await server.createUser('paciente', { nombre: 'Bea', apellido1: 'Soler' });
    const desk = await server.createUser('recepcion');
    await openSlots(server, doctor.id_doctor!, TODAY, horas);
    server.clock.set(at('08:00'));
    const first = await bookSlot(server, ana, doctor, TODAY, '09:00', { motivo: 'Control de tensión' });
    const second = await bookSlot(server, bea, doctor, TODAY, '09:30');
    // Confirmed by the doctor, which opens each visit's consultation (decision #32).
    for (const { id_cita } of [first, second]) {
      const answered = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } });
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    }
    server.clock.set(at('09:00'));
    return { doctor, ana, bea, desk, first: first.id_cita, second: second.id_cita };
  }

  const board = async (user: TestUser, query = '') => {
    const response = await server.request<DiaClinica>('GET', `/api/recepcion/hoy${query}`, { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const visitOf = (answer: DiaClinica, id_doctor: number, id_cita: number): VisitaDia => {
    const visit = answer.doctores.find((d) => d.id_doctor === id_doctor)?.visitas.find((v) => v.id_cita === id_cita);
    if (!visit) throw new Error(`visit ${id_cita} not on the board`);
    return visit;
  };
  const post = <T>(user: TestUser, path: string, body?: unknown) =>
    server.request<T>('POST', `/api${path}`, { token: user.token, ...(body === undefined ? {} : { body }) });

  it('shows every visit of the day with its state, arrival, waiting minutes, name and phone, and a late doctor', async () => {
    const { doctor, desk, first, second } = await day(server);
    let answer = await board(desk);
    expect(answer.fecha).toBe(TODAY);
    const column = answer.doctores.find((d) => d.id_doctor === doctor.id_doctor);
    expect(column?.doctor).toBe('Marta Vidal');
    expect(column?.visitas.map((v) => [v.hora, v.paciente, v.estado])).toEqual([
      ['09:00', 'Ana Ruiz', 'citado'],
      ['09:30', 'Bea Soler', 'citado'],
    ]);
    expect(visitOf(answer, doctor.id_doctor!, first).motivo).toBe('Control de tensión');
    expect(column?.retrasado).toBe(false);

    // Bea arrives early, at 09:10; at 09:25 she has waited 15 minutes and nobody is late yet.
    server.clock.set(at('09:10'));
    expect((await post<CambioDia>(desk, `/recepcion/citas/${second}/llegada`)).body).toEqual({ id_cita: second, estado: 'llego' });
    server.clock.set(at('09:25'));
    answer = await board(desk);
    expect(visitOf(answer, doctor.id_doctor!, second)).toMatchObject({ estado: 'llego', llegada: '09:10', espera_min: 15 });
    expect(answer.doctores.find((d) => d.id_doctor === doctor.id_doctor)).toMatchObject({ retraso_min: 0, retrasado: false });

    // At 09:40 she is 10 minutes past her time: the doctor runs late.
    server.clock.set(at('09:40'));
    answer = await board(desk);
    expect(visitOf(answer, doctor.id_doctor!, second).espera_min).toBe(30);
    expect(answer.doctores.find((d) => d.id_doctor === doctor.id_doctor)).toMatchObject({ retraso_min: 10, retrasado: true });

    // Another day shows its own visits (none) and nobody waits on it.
    const tomorrow = await board(desk, `?fecha=${TOMORROW}`);
    expect(tomorrow.fecha).toBe(TOMORROW);
    expect(tomorrow.doctores.flatMap((d) => d.visitas)).toEqual([]);
  });

  it('answers 304 to a poll that already has the current board, and a new tag once a visit changes', async () => {
    const { desk, first } = await day(server);
    const response = await fetch(`${server.url}/api/recepcion/hoy`, { headers: { authorization: `Bearer ${desk.token}` } });
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/api/recepcion/hoy`, {
      headers: { authorization: `Bearer ${desk.token}`, 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    await post(desk, `/recepcion/citas/${first}/llegada`);
    const changed = await fetch(`${server.url}/api/recepcion/hoy`, {
      headers: { authorization: `Bearer ${desk.token}`, 'if-none-match': etag! },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('of two desks checking the same patient in at once, one wins and the other is told', async () => {
    const { desk, first } = await day(server);
    const other = await server.createUser('recepcion');
    const answers = await Promise.all([post<Error409>(desk, `/recepcion/citas/${first}/llegada`), post<Error409>(other, `/recepcion/citas/${first}/llegada`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body).toMatchObject({ code: 'llegada_ya_registrada', detail: 'Este paciente ya consta como llegado: otro puesto acaba de marcarlo.' });
    const audit = await server.database.db.selectFrom('auditoria').select('accion').where('detalle', '=', `cita ${first}`).execute();
    expect(audit.filter((row) => row.accion === 'cita.llegada')).toHaveLength(1);
  });

  it('undoes a mistaken check-in until the doctor calls the patient in', async () => {
    const { doctor, desk, first } = await day(server);
    await post(desk, `/recepcion/citas/${first}/llegada`);
    expect((await post<CambioDia>(desk, `/recepcion/citas/${first}/deshacer-llegada`)).body.estado).toBe('citado');
    expect((await post<Error409>(desk, `/recepcion/citas/${first}/deshacer-llegada`)).body.code).toBe('llegada_no_registrada');
    await post(desk, `/recepcion/citas/${first}/llegada`);
    await post(doctor, `/doctor/citas/${first}/llamar`);
    const refused = await post<Error409>(desk, `/recepcion/citas/${first}/deshacer-llegada`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('dia_ya_en_consulta');
  });

  it('marks a no-show only once the time has come, and never for a patient who has arrived', async () => {
    const { doctor, desk, first, second } = await day(server);
    const early = await post<Error409>(desk, `/recepcion/citas/${second}/no-presentado`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('asistencia_antes_de_hora');
    server.clock.set(at('09:45'));
    expect((await post<CambioDia>(desk, `/recepcion/citas/${second}/no-presentado`)).body.estado).toBe('no_presentado');
    const consultation = await server.database.db.selectFrom('consultas').select('id_consulta').where('id_cita', '=', second).executeTakeFirst();
    expect(consultation).toBeUndefined();
    await post(desk, `/recepcion/citas/${first}/llegada`);
    const arrived = await post<Error409>(desk, `/recepcion/citas/${first}/no-presentado`);
    expect(arrived.status).toBe(409);
    expect(arrived.body.code).toBe('no_presentado_ya_llego');
    // Nor can the doctor mark a no-show of a patient the desk checked in.
    const byDoctor = await server.request<Error409>('PUT', `/api/citas/${first}/no-presentado`, { token: doctor.token });
    expect(byDoctor.status).toBe(409);
    expect(byDoctor.body.code).toBe('no_presentado_ya_llego');
    expect(visitOf(await board(desk), doctor.id_doctor!, second).estado).toBe('no_presentado');
  });

  it('takes a walk-in into the next free slot, or as an extra visit, arrived at once', async () => {
    const { doctor, desk } = await day(server, ['09:00', '09:30', '10:00']);
    const carla = await server.createUser('paciente', { nombre: 'Carla', apellido1: 'Mas' });
    const dani = await server.createUser('paciente', { nombre: 'Dani', apellido1: 'Pons' });
    const eva = await server.createUser('paciente', { nombre: 'Eva', apellido1: 'Roig' });
    server.clock.set(at('09:05'));
    const gap = await post<SinCitaCreada>(desk, '/recepcion/sin-cita', {
      id_paciente: carla.id_paciente,
      id_doctor: doctor.id_doctor,
      motivo: 'Fiebre',
      modo: 'hueco',
    });
    expect(gap.status, JSON.stringify(gap.body)).toBe(201);
    expect(gap.body).toMatchObject({ hora: '10:00', extra: false, estado: 'llego', fecha: TODAY });
    // The same patient again with that doctor today: check them in instead.
    const twice = await post<Error409>(desk, '/recepcion/sin-cita', { id_paciente: carla.id_paciente, id_doctor: doctor.id_doctor, motivo: 'Fiebre', modo: 'extra' });
    expect(twice.body.code).toBe('sin_cita_ya_tiene_cita');
    // No free slot left today: the desk is told to add an extra visit.
    const full = await post<Error409>(desk, '/recepcion/sin-cita', { id_paciente: dani.id_paciente, id_doctor: doctor.id_doctor, motivo: 'Tos', modo: 'hueco' });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('sin_cita_sin_hueco');
    const extra = await post<SinCitaCreada>(desk, '/recepcion/sin-cita', { id_paciente: dani.id_paciente, id_doctor: doctor.id_doctor, motivo: 'Tos', modo: 'extra' });
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ hora: '09:05', extra: true, estado: 'llego' });
    // A second extra in the same second does not collide with the first.
    const another = await post<SinCitaCreada>(desk, '/recepcion/sin-cita', { id_paciente: eva.id_paciente, id_doctor: doctor.id_doctor, motivo: 'Mareo', modo: 'extra' });
    expect(another.status).toBe(201);
    const column = (await board(desk)).doctores.find((d) => d.id_doctor === doctor.id_doctor)!;
    expect(column.visitas.filter((v) => v.extra).map((v) => [v.paciente, v.estado, v.llegada])).toEqual([
      ['Dani Pons', 'llego', '09:05'],
      ['Eva Roig', 'llego', '09:05'],
    ]);
    expect(visitOf(await board(desk), doctor.id_doctor!, gap.body.id_cita)).toMatchObject({ estado: 'llego', extra: false, paciente: 'Carla Mas' });
    const wrong = await post<{ errores: unknown[] }>(desk, '/recepcion/sin-cita', { id_paciente: eva.id_paciente, id_doctor: doctor.id_doctor, motivo: '', modo: 'otro' });
    expect(wrong.status).toBe(400);
  });

  it('lets the doctor call in an arrived patient of their own; completing the consultation makes the visit atendido', async () => {
    const { doctor, desk, first, second } = await day(server);
    const other = await server.createUser('doctor');
    const notYet = await post<Error409>(doctor, `/doctor/citas/${first}/llamar`);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('llamar_sin_llegada');
    server.clock.set(at('08:50'));
    // A doctor cannot see a patient booked for another day as "arrived": check-in is for today only (the clock says today).
    await post(desk, `/recepcion/citas/${first}/llegada`);
    await post(desk, `/recepcion/citas/${second}/llegada`);
    server.clock.set(at('09:02'));
    const room = await server.request<SalaEspera>('GET', '/api/medico/sala-espera', { token: doctor.token });
    expect(room.body.visitas.map((v) => [v.paciente, v.estado, v.espera_min])).toEqual([
      ['Ana Ruiz', 'llego', 12],
      ['Bea Soler', 'llego', 12],
    ]);
    expect((await post(other, `/doctor/citas/${first}/llamar`)).status).toBe(403);
    expect((await post(desk, `/doctor/citas/${first}/llamar`)).status).toBe(403);
    expect((await post<CambioDia>(doctor, `/doctor/citas/${first}/llamar`)).body.estado).toBe('en_consulta');
    const twice = await post<Error409>(doctor, `/doctor/citas/${first}/llamar`);
    expect(twice.body.code).toBe('dia_ya_en_consulta');
    const during = visitOf(await board(desk), doctor.id_doctor!, first);
    expect(during).toMatchObject({ estado: 'en_consulta', espera_min: 12 });

    const consulta = await server.database.db.selectFrom('consultas').select('id_consulta').where('id_cita', '=', first).executeTakeFirstOrThrow();
    const done = await server.request('PUT', `/api/consultas/${consulta.id_consulta}/finalizar`, {
      token: doctor.token,
      body: { diagnostico: 'Hipertensión leve' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await board(desk);
    expect(visitOf(after, doctor.id_doctor!, first).estado).toBe('atendido');
    expect(JSON.stringify(after)).not.toContain('Hipertensión');
    const closed = await post<Error409>(desk, `/recepcion/citas/${first}/deshacer-llegada`);
    expect(closed.body.code).toBe('dia_cita_cerrada');
    const audit = await server.database.db.selectFrom('auditoria').select('accion').where('detalle', '=', `cita ${first}`).execute();
    expect(audit.map((row) => row.accion)).toEqual(expect.arrayContaining(['cita.llegada', 'cita.llamar']));
  });

  it("prints a doctor's day as a PDF with the patients, for the desk and for that doctor only", async () => {
    const { doctor, desk } = await day(server);
    const other = await server.createUser('doctor');
    const get = (user: TestUser, id: number) =>
      fetch(`${server.url}/api/recepcion/hoy/${id}/pdf?fecha=${TODAY}`, { headers: { authorization: `Bearer ${user.token}` } });
    for (const user of [desk, doctor]) {
      const response = await get(user, doctor.id_doctor!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain('Ana Ruiz');
      expect(text).toContain('Bea Soler');
      expect(text).toContain('Control de tensión');
    }
    expect((await get(other, doctor.id_doctor!)).status).toBe(403);
    expect((await get(desk, 99999)).status).toBe(404);
  });

  it('refuses a check-in of a visit of another day, and of a visit that does not exist', async () => {
    const { doctor, desk, ana } = await day(server);
    await openSlots(server, doctor.id_doctor!, TOMORROW, ['09:00']);
    const later = await bookSlot(server, ana, doctor, TOMORROW, '09:00', { estado: 'Confirmada' });
    const refused = await post<Error409>(desk, `/recepcion/citas/${later.id_cita}/llegada`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('llegada_otro_dia');
    expect((await post(desk, '/recepcion/citas/999999/llegada')).status).toBe(404);
  });
});
