import { describe, expect, it } from 'vitest';
import { openSlots, setLanguage, startPeerApp } from '../../testing/appointments.ts';
import { outboxMails, type ParsedMail } from '../../testing/mail.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { addVisitType } from '../../testing/visit-types.ts';
import { insertOffer, takePatientTurn } from './waitlist.repository.ts';
import { MAX_OFFERS_PER_ENTRY, runWaitlistSweep } from './waitlist.sweep.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid (08:00Z).
const START = '2026-03-02T08:00:00Z';
const DAY = '2026-03-10';
const RANGE = { desde: '2026-03-02', hasta: '2026-03-20' };

type Answer = { code?: string; detail?: string; errores?: { campo: string; mensaje: string }[] };
type Entry = { id_entrada: number; estado: string; doctor: string | null; especialidad: string; franja: string; hora_desde: string; hora_hasta: string };

const mailsTo = (server: TestServer, who: TestUser, subject: RegExp) =>
  outboxMails(server).filter((mail) => mail.headers.get('to')?.includes(who.correo) && subject.test(mail.subject));

const OFFER = /hora libre|hora lliure|time is free/;
const GONE = /ya está reservada|ja està reservada|has been booked/;

/** The claim link's token in an offer e-mail. */
function tokenIn(mail: ParsedMail | undefined): string {
  const match = /\/lista-espera\/oferta\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no claim link in ${mail?.text}`);
  return match[1];
}

describe.each(DATABASES)('the waitlist on %s', (kind) => {
  const server = useTestServer(kind, {
    now: START,
    env: { REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', WAITLIST_OFFER_MINUTES: '30', PUBLIC_URL: 'https://clinica.example' },
  });
  const db = () => server.database.db;

  const join = (patient: TestUser, body: Record<string, unknown>, language = 'es') =>
    server.request<Entry & Answer>('POST', '/api/lista-espera', { token: patient.token, body, headers: { 'accept-language': language } });
  const list = async (patient: TestUser) => {
    const response = await server.request<Entry[]>('GET', '/api/lista-espera', { token: patient.token });
    expect(response.status).toBe(200);
    return response.body;
  };
  const claim = (patient: TestUser, token: string, language = 'es') =>
    server.request<{ id_cita: number; estado: string } & Answer>('POST', `/api/lista-espera/ofertas/${token}/aceptar`, {
      token: patient.token,
      body: { motivo: 'Control de tensión', recordatorio: true },
      headers: { 'accept-language': language },
    });

  /** Every doctor of the suite has the same specialty: earlier tests' entries are ended first. */
  async function emptyLists() {
    await db().updateTable('lista_espera').set({ estado: 'retirada', terminada_en: START }).where('estado', '=', 'activa').execute();
    await db().updateTable('ofertas_espera').set({ estado: 'caducada' }).where('estado', '=', 'enviada').execute();
  }

  /** A doctor with one slot at 10:00 on DAY, booked by a patient of its own (so nothing is free yet). */
  async function doctorWithBookedSlot(hora = '10:00', fecha = DAY) {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    await openSlots(server, doctor.id_doctor as number, fecha, [hora]);
    const holder = await server.createUser('paciente');
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: holder.token,
      body: { id_doctor: doctor.id_doctor, fecha, hora, motivo: 'Revisión', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    return { doctor, holder, id_cita: booked.body.id_cita };
  }

  /** `count` patients join the doctor's waitlist one minute apart (first come, first served). */
  async function waiting(doctor: TestUser, count: number, languages: ('es' | 'ca' | 'en')[] = []) {
    const patients: TestUser[] = [];
    for (let index = 0; index < count; index += 1) {
      const patient = await server.createUser('paciente', { nombre: `Paciente${index + 1}` });
      const language = languages[index];
      if (language) await setLanguage(server, patient.id_usuario, language);
      server.clock.advanceMinutes(1);
      const joined = await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'manana' });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      patients.push(patient);
    }
    await server.app.mailer.settled();
    return patients;
  }

  async function cancel(holder: TestUser, id_cita: number) {
    const cancelled = await server.request('PUT', `/api/citas/${id_cita}/cancelar`, { token: holder.token });
    expect(cancelled.status).toBe(200);
    // The cancellation nudges a sweep for the doctor; its e-mails are out when the mailer settles.
    await server.app.mailer.settled();
  }

  it('joins, lists and leaves; refuses bad input, duplicates, a fourth entry and other people', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor', { nombre: 'Marta', apellido1: 'Soler' });
    const patient = await server.createUser('paciente');
    const other = await server.createUser('paciente');

    const joined = await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'tarde' });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body).toMatchObject({ estado: 'activa', doctor: 'Marta Soler', franja: 'tarde', hora_desde: '14:00', hora_hasta: '24:00' });
    expect((await list(patient)).map((entry) => entry.id_entrada)).toEqual([joined.body.id_entrada]);
    expect(await list(other)).toEqual([]);

    const refused = async (body: Record<string, unknown>, status: number, code: string, detail?: string, language = 'es') => {
      const response = await join(patient, body, language);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.code).toBe(code);
      if (detail) expect(response.body.detail).toBe(detail);
    };
    await refused({ id_doctor: doctor.id_doctor, ...RANGE, franja: 'tarde' }, 409, 'lista_espera_duplicada');
    const { id_especialidad } = await db().selectFrom('doctores').select('id_especialidad').where('id_doctor', '=', doctor.id_doctor as number).executeTakeFirstOrThrow();
    await refused({ id_doctor: doctor.id_doctor, id_especialidad, ...RANGE, franja: 'tarde' }, 400, 'lista_espera_doctor_o_especialidad', 'Elige un doctor o una especialidad (uno de los dos).');
    await refused({ ...RANGE, franja: 'tarde' }, 400, 'lista_espera_doctor_o_especialidad');
    await refused({ id_doctor: doctor.id_doctor, desde: '2026-03-01', hasta: '2026-03-05', franja: 'manana' }, 400, 'lista_espera_fecha_pasada', 'The start date cannot be before today.', 'en');
    await refused({ id_doctor: doctor.id_doctor, desde: '2026-03-05', hasta: '2026-03-04', franja: 'manana' }, 400, 'lista_espera_rango_invertido');
    await refused({ id_doctor: doctor.id_doctor, desde: '2026-03-05', hasta: '2026-06-01', franja: 'manana' }, 400, 'lista_espera_rango_largo', 'Només et pots apuntar per als propers 90 dies.', 'ca');
    await refused({ id_especialidad, ...RANGE, franja: 'rango', hora_desde: '12:00', hora_hasta: '10:00' }, 400, 'lista_espera_horas');
    await refused({ id_especialidad, ...RANGE, franja: 'rango' }, 400, 'lista_espera_horas');
    await refused({ id_doctor: 999_999, ...RANGE, franja: 'manana' }, 404, 'doctor_no_encontrado');
    await refused({ id_especialidad: 999_999, ...RANGE, franja: 'manana' }, 404, 'especialidad_invalida');
    await refused({ id_doctor: doctor.id_doctor, ...RANGE, franja: 'noche' }, 400, 'validacion');

    // A specialty entry and a time range; then a fourth entry is one too many.
    expect((await join(patient, { id_especialidad, ...RANGE, franja: 'rango', hora_desde: '09:30', hora_hasta: '12:00' })).status).toBe(201);
    const third = await server.createUser('doctor');
    expect((await join(patient, { id_doctor: third.id_doctor, ...RANGE, franja: 'cualquiera' })).status).toBe(201);
    const fourth = await server.createUser('doctor');
    await refused({ id_doctor: fourth.id_doctor, ...RANGE, franja: 'cualquiera' }, 409, 'lista_espera_limite', 'Ya estás en 3 listas de espera, el máximo. Deja alguna antes de apuntarte a otra.');

    // Leaving: only one's own, once.
    const id = joined.body.id_entrada;
    expect((await server.request<Answer>('DELETE', `/api/lista-espera/${id}`, { token: other.token })).status).toBe(403);
    expect((await server.request<Answer>('DELETE', '/api/lista-espera/999999', { token: patient.token })).status).toBe(404);
    expect((await server.request('DELETE', `/api/lista-espera/${id}`, { token: patient.token })).status).toBe(204);
    const again = await server.request<Answer>('DELETE', `/api/lista-espera/${id}`, { token: patient.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('lista_espera_ya_terminada');
    const entries = await list(patient);
    expect(entries.map((entry) => entry.estado)).toEqual(['activa', 'activa', 'retirada']);

    // Doctors and admins have no waitlist.
    expect((await server.request('GET', '/api/lista-espera', { token: doctor.token })).status).toBe(403);
    expect((await server.request('GET', '/api/lista-espera')).status).toBe(401);
  });

  it('caps joining: ten entries a day at most, left ones included', async () => {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    for (let index = 0; index < 10; index += 1) {
      const joined = await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'manana' });
      expect(joined.status).toBe(201);
      expect((await server.request('DELETE', `/api/lista-espera/${joined.body.id_entrada}`, { token: patient.token })).status).toBe(204);
    }
    const refused = await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'manana' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('lista_espera_demasiadas_altas');
    // "Vuelve a intentarlo mañana": possible again when the first of the ten is a day old.
    expect(Number(refused.headers.get('retry-after'))).toBe(24 * 60 * 60);
    server.clock.advanceMinutes(24 * 60 + 1);
    expect((await join(patient, { id_doctor: doctor.id_doctor, desde: '2026-03-03', hasta: '2026-03-20', franja: 'manana' })).status).toBe(201);
  });

  it('offers a cancelled slot to the first three in line, in their languages; one claim wins, the others are told', async () => {
    const { doctor, holder, id_cita } = await doctorWithBookedSlot();
    const [first, second, third, fourth] = await waiting(doctor, 4, ['es', 'ca', 'en', 'es']);
    if (!first || !second || !third || !fourth) throw new Error('four patients');
    expect(outboxMails(server).filter((mail) => OFFER.test(mail.subject))).toHaveLength(0);

    await cancel(holder, id_cita);
    const offers = [first, second, third].map((patient) => mailsTo(server, patient, OFFER));
    expect(offers.map((mails) => mails.length)).toEqual([1, 1, 1]);
    expect(mailsTo(server, fourth, OFFER)).toHaveLength(0);
    const [es, ca, en] = offers.map((mails) => mails[0]);
    expect(es?.subject).toBe('Hay una hora libre para ti: martes, 10 de marzo de 2026 a las 10:00');
    expect(ca?.subject).toBe('Hi ha una hora lliure per a tu: dimarts, 10 de març del 2026 a les 10:00');
    expect(en?.subject).toBe('A time is free for you: Tuesday, 10 March 2026 at 10:00');
    expect(es?.text).toContain('Doctor: Pere Puig');
    expect(es?.text).not.toContain('“');
    expect(es?.text).toContain('La oferta vale hasta las 09:34.');
    expect(es?.text).toMatch(/Confírmala aquí: https:\/\/clinica\.example\/lista-espera\/oferta\?token=[A-Za-z0-9_-]{43}/);
    // Only the hash of a token is kept.
    const stored = await db().selectFrom('ofertas_espera').select('hash_token').execute();
    for (const mail of [es, ca, en]) expect(stored.map((row) => row.hash_token)).not.toContain(tokenIn(mail));

    // A token is useless to anyone but its patient.
    const stolen = await claim(fourth, tokenIn(es));
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('oferta_no_encontrada');
    expect((await server.request('GET', `/api/lista-espera/ofertas/${tokenIn(es)}`, { token: fourth.token })).status).toBe(404);
    const seen = await server.request<{ estado: string; doctor: string; fecha: string; hora: string }>('GET', `/api/lista-espera/ofertas/${tokenIn(ca)}`, { token: second.token });
    expect(seen.body).toMatchObject({ estado: 'enviada', doctor: 'Pere Puig', fecha: DAY, hora: '10:00' });

    // The three claim at once: exactly one gets the visit.
    const answers = await Promise.all([claim(first, tokenIn(es)), claim(second, tokenIn(ca), 'ca'), claim(third, tokenIn(en), 'en')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const winner = answers.findIndex((answer) => answer.status === 201);
    for (const [index, answer] of answers.entries()) {
      if (index !== winner) expect(answer.body.code).toBe('oferta_perdida');
    }
    expect(answers[winner]?.body.estado).toBe('pendiente');
    const visits = await db().selectFrom('citas').select(['id_paciente', 'estado']).where('id_doctor', '=', doctor.id_doctor as number).where('estado', '<>', 'Cancelada').execute();
    expect(visits).toHaveLength(1);
    const people = [first, second, third];
    expect(visits[0]?.id_paciente).toBe(people[winner]?.id_paciente);

    // The others are told by e-mail, once each; the claim screen says so too.
    await server.app.mailer.settled();
    for (const [index, patient] of people.entries()) {
      expect(mailsTo(server, patient, GONE)).toHaveLength(index === winner ? 0 : 1);
    }
    const loser = (winner + 1) % 3;
    const tokens = [tokenIn(es), tokenIn(ca), tokenIn(en)];
    const after = await server.request<{ estado: string }>('GET', `/api/lista-espera/ofertas/${tokens[loser]}`, { token: people[loser]?.token });
    expect(after.body.estado).toBe('perdida');
    expect((await claim(people[loser] as TestUser, tokens[loser] as string)).status).toBe(409);
    // The winner's entry is over; the losers wait on.
    expect((await list(people[winner] as TestUser))[0]?.estado).toBe('atendida');
    expect((await list(people[loser] as TestUser))[0]?.estado).toBe('activa');
    const again = await claim(people[winner] as TestUser, tokens[winner] as string);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('oferta_aceptada');
  });

  it(`ends an entry that let ${MAX_OFFERS_PER_ENTRY} offers pass, one offer at a time`, async () => {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor');
    const hours = Array.from({ length: 12 }, (_, index) => `${String(8 + Math.floor(index / 2)).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`);
    await openSlots(server, doctor.id_doctor as number, DAY, hours);
    const patient = await server.createUser('paciente');
    expect((await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'manana' })).status).toBe(201);
    // Joining nudges a sweep of its own: it makes the first offer, and no sweep below runs beside it.
    await server.app.mailer.settled();
    const entry = () => db().selectFrom('lista_espera').select(['estado', 'ofertas']).where('id_paciente', '=', patient.id_paciente as number).executeTakeFirstOrThrow();
    for (let passed = 1; passed <= MAX_OFFERS_PER_ENTRY; passed += 1) {
      server.clock.advanceMinutes(31);
      expect(await runWaitlistSweep(server.app)).toMatchObject({ expired: 1, offered: passed < MAX_OFFERS_PER_ENTRY ? 1 : 0 });
    }
    await server.app.mailer.settled();
    expect(mailsTo(server, patient, OFFER)).toHaveLength(MAX_OFFERS_PER_ENTRY);
    expect(await entry()).toEqual({ estado: 'agotada', ofertas: MAX_OFFERS_PER_ENTRY });
  });

  it('passes an unclaimed offer to the next in line after WAITLIST_OFFER_MINUTES', async () => {
    const { doctor, holder, id_cita } = await doctorWithBookedSlot('11:00');
    const patients = await waiting(doctor, 5);
    await cancel(holder, id_cita);
    const offered = () => patients.map((patient) => mailsTo(server, patient, OFFER).length);
    expect(offered()).toEqual([1, 1, 1, 0, 0]);
    const lateToken = tokenIn(mailsTo(server, patients[0] as TestUser, OFFER)[0]);

    // Not yet: a sweep before the time is up offers nothing more.
    server.clock.advanceMinutes(29);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 0 });
    server.clock.advanceMinutes(2);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 2, expired: 3 });
    expect(offered()).toEqual([1, 1, 1, 1, 1]);
    const late = await claim(patients[0] as TestUser, lateToken);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('oferta_caducada');
    const fifth = patients[4] as TestUser;
    const won = await claim(fifth, tokenIn(mailsTo(server, fifth, OFFER)[0]));
    expect(won.status, JSON.stringify(won.body)).toBe(201);
  });

  it('holds one live offer per patient, and only the offers let pass use up an entry', async () => {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor');
    const id_doctor = doctor.id_doctor as number;
    await openSlots(server, id_doctor, DAY, ['09:00', '09:30', '10:00', '10:30', '11:00']);
    const patient = await server.createUser('paciente');
    expect((await join(patient, { id_doctor, ...RANGE, franja: 'manana' })).status).toBe(201);
    // Joining nudges a sweep of its own: it makes the first offer, and no sweep below runs beside it.
    await server.app.mailer.settled();
    // Five free slots it wants, one e-mail: the next waits until this offer is answered or passes.
    const offers = () => mailsTo(server, patient, OFFER).map((mail) => /a las (\d\d:\d\d)/.exec(mail.subject)?.[1]);
    expect(offers()).toEqual(['09:00']);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 0 });
    const entry = () => db().selectFrom('lista_espera').select(['estado', 'ofertas']).where('id_paciente', '=', patient.id_paciente as number).executeTakeFirstOrThrow();

    // Let pass: it counts, and the next slot is offered.
    server.clock.advanceMinutes(31);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 1, expired: 1 });
    expect(offers()).toEqual(['09:00', '09:30']);
    expect(await entry()).toEqual({ estado: 'activa', ofertas: 1 });

    // Lost to a patient who booked it by hand: it does not count, and the next slot is offered.
    const quicker = await server.createUser('paciente');
    const booked = await server.request('POST', '/api/citas', { token: quicker.token, body: { id_doctor, fecha: DAY, hora: '09:30', motivo: 'Revisión', recordatorio: false } });
    expect(booked.status).toBe(201);
    await runWaitlistSweep(server.app);
    await server.app.mailer.settled();
    expect(mailsTo(server, patient, GONE)).toHaveLength(1);
    expect(offers()).toEqual(['09:00', '09:30', '10:00']);
    expect(await entry()).toEqual({ estado: 'activa', ofertas: 1 });
  });

  it('offers only slots at least two hours ahead, in the entry’s dates and part of the day', async () => {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    expect((await join(patient, { id_doctor: doctor.id_doctor, desde: '2026-03-02', hasta: '2026-03-03', franja: 'tarde' })).status).toBe(201);
    await server.app.mailer.settled();
    // Today 10:30 (too soon), today 11:30 (morning), tomorrow 16:00 (after the range), 3/4 16:00 (out of range).
    await openSlots(server, doctor.id_doctor as number, '2026-03-02', ['10:30', '11:30']);
    await openSlots(server, doctor.id_doctor as number, '2026-03-04', ['16:00']);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 0 });
    // A day opened later (the weekly-hours generator, a doctor by hand): the periodic sweep finds it.
    await openSlots(server, doctor.id_doctor as number, '2026-03-02', ['15:00', '10:45']);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ offered: 1 });
    const [mail] = mailsTo(server, patient, OFFER);
    expect(mail?.subject).toContain('a las 15:00');
  });

  it('ends entries at the end of their range and when the patient books a matching visit', async () => {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const short = await join(patient, { id_doctor: doctor.id_doctor, desde: '2026-03-02', hasta: '2026-03-03', franja: 'cualquiera' });
    const specialty = await db().selectFrom('doctores').select('id_especialidad').where('id_doctor', '=', doctor.id_doctor as number).executeTakeFirstOrThrow();
    const wide = await join(patient, { id_especialidad: specialty.id_especialidad, ...RANGE, franja: 'manana' });
    expect([short.status, wide.status]).toEqual([201, 201]);
    await server.app.mailer.settled();

    // The patient books a morning visit with a doctor of the specialty: that entry is satisfied.
    server.clock.advanceMinutes(5);
    await openSlots(server, doctor.id_doctor as number, '2026-03-12', ['16:00', '09:00'], { estado: 'Disponible' });
    await server.app.mailer.settled();
    const booked = await server.request('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-12', hora: '09:00', motivo: 'Revisión', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    const byId = async () => new Map((await list(patient)).map((entry) => [entry.id_entrada, entry.estado]));
    expect((await byId()).get(wide.body.id_entrada)).toBe('atendida');
    expect((await byId()).get(short.body.id_entrada)).toBe('activa');

    server.clock.set('2026-03-04T08:00:00Z');
    await runWaitlistSweep(server.app);
    expect((await byId()).get(short.body.id_entrada)).toBe('caducada');
  });

  // Several instances share one PostgreSQL. On SQLite, whose calls block the one
  // process the test runs in, the sweeps race inside one instance instead.
  it('two instances sweeping at once offer a slot to three patients, each once', { timeout: 45_000 }, async () => {
    const { doctor } = await doctorWithBookedSlot('12:00', '2026-03-11');
    const patients = await waiting(doctor, 6);
    // Freed behind the app's back (no nudge): only the sweeps find it.
    await db().updateTable('citas').set({ estado: 'Cancelada' }).where('id_doctor', '=', doctor.id_doctor as number).execute();
    await db().updateTable('agenda').set({ estado: 'Disponible' }).where('id_doctor', '=', doctor.id_doctor as number).execute();
    const peer = kind === 'postgres' ? await startPeerApp(server) : { app: server.app, close: async () => {} };
    try {
      const runs = await Promise.all([runWaitlistSweep(server.app), runWaitlistSweep(peer.app), runWaitlistSweep(server.app), runWaitlistSweep(peer.app)]);
      expect(runs.reduce((sum, run) => sum + run.offered, 0)).toBe(3);
    } finally {
      await peer.close();
    }
    expect(patients.map((patient) => mailsTo(server, patient, OFFER).length)).toEqual([1, 1, 1, 0, 0, 0]);
    const rows = await db().selectFrom('ofertas_espera').select(['id_entrada']).where('estado', '=', 'enviada').execute();
    expect(new Set(rows.map((row) => row.id_entrada)).size).toBe(rows.length);
  });

  it("takes a patient's turn for one offer at a time: not while another holds it, not while they hold a live offer", async () => {
    server.clock.set(START);
    await emptyLists();
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    const id_paciente = patient.id_paciente as number;
    const joined = await join(patient, { id_doctor: doctor.id_doctor, ...RANGE, franja: 'manana' });
    expect(joined.status).toBe(201);
    await server.app.mailer.settled();
    const turn = () => db().transaction().execute((trx) => takePatientTurn(trx, id_paciente, kind));
    expect(await turn()).toBe(true);

    if (kind === 'postgres') {
      // Two sweeps offering two slots: while one holds the patient's turn, the other skips them (no wait, no deadlock).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let tookFirst = (_took: boolean) => {};
      const took = new Promise<boolean>((resolve) => (tookFirst = resolve));
      const first = db().transaction().execute(async (trx) => {
        tookFirst(await takePatientTurn(trx, id_paciente, kind));
        await held;
      });
      expect(await took).toBe(true);
      expect(await turn()).toBe(false);
      release();
      await first;
      expect(await turn()).toBe(true);
    }

    // Once they hold a live offer, no other until it is answered or passes.
    await openSlots(server, doctor.id_doctor as number, DAY, ['10:00']);
    const { id_agenda } = await db().selectFrom('agenda').select('id_agenda').where('id_doctor', '=', doctor.id_doctor as number).executeTakeFirstOrThrow();
    await insertOffer(db(), { id_entrada: joined.body.id_entrada, id_agenda, hash_token: 'x'.repeat(64), creado_en: START, caduca_en: '2026-03-02T08:30:00Z' });
    expect(await turn()).toBe(false);
  });

  it('a slot the doctor rejects frees is offered at once; a slot booked by hand tells the offered', async () => {
    const { doctor, holder, id_cita } = await doctorWithBookedSlot('13:00', '2026-03-12');
    const [first, second] = await waiting(doctor, 2);
    const rejected = await server.request('PUT', `/api/agenda/citas/${id_cita}`, { token: doctor.token, body: { estado: 'Cancelada' } });
    expect(rejected.status).toBe(200);
    await server.app.mailer.settled();
    expect(mailsTo(server, first as TestUser, OFFER)).toHaveLength(1);
    expect(mailsTo(server, second as TestUser, OFFER)).toHaveLength(1);
    // Someone outside the list books it in /pedir-cita first: the next sweep tells both.
    const stranger = await server.createUser('paciente');
    const booked = await server.request('POST', '/api/citas', {
      token: stranger.token,
      body: { id_doctor: doctor.id_doctor, fecha: '2026-03-12', hora: '13:00', motivo: 'Revisión', recordatorio: false },
    });
    expect(booked.status).toBe(201);
    expect(await runWaitlistSweep(server.app)).toMatchObject({ gone: 2 });
    expect(mailsTo(server, first as TestUser, GONE)).toHaveLength(1);
    expect(mailsTo(server, second as TestUser, GONE)).toHaveLength(1);
    void holder;
  });

  it('a slot the patient moves away from is offered at once; the one they move to is not', async () => {
    const { doctor, holder, id_cita } = await doctorWithBookedSlot('10:00', '2026-03-13');
    const [first] = await waiting(doctor, 1);
    // Opened after the patient joined, so only the move can announce a freed slot.
    await openSlots(server, doctor.id_doctor as number, '2026-03-13', ['11:00']);
    const moved = await server.request('PUT', `/api/citas/${id_cita}/cambiar`, { token: holder.token, body: { fecha: '2026-03-13', hora: '11:00' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await server.app.mailer.settled();
    const offers = mailsTo(server, first as TestUser, OFFER);
    expect(offers).toHaveLength(1);
    const offered = await db()
      .selectFrom('ofertas_espera as o')
      .innerJoin('agenda as a', 'a.id_agenda', 'o.id_agenda')
      .select('a.hora_inicio')
      .where('a.id_doctor', '=', doctor.id_doctor as number)
      .execute();
    expect(offered.map((row) => row.hora_inicio.slice(0, 5))).toEqual(['10:00']);
  });

  it('offers an entry waiting for a longer type only a time where the whole visit fits, and its claim holds every slot', async () => {
    server.clock.set(START);
    await emptyLists();
    const admin = await server.createUser('admin');
    const created = await addVisitType(server, admin, { nombre_es: `Espera larga ${kind}`, nombre_ca: `Espera llarga ${kind}`, nombre_en: `Long wait ${kind}`, duracion_min: 30 });
    const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
    const id_doctor = doctor.id_doctor as number;
    await openSlots(server, id_doctor, DAY, ['10:00', '10:15'], { minutes: 15 });
    const book = async (hora: string) => {
      const holder = await server.createUser('paciente');
      const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: holder.token,
        body: { id_doctor, fecha: DAY, hora, motivo: 'Revisión', recordatorio: false },
      });
      expect(booked.status).toBe(201);
      return { holder, id_cita: booked.body.id_cita };
    };
    const early = await book('10:00');
    const late = await book('10:15');
    const typed = await server.createUser('paciente');
    const plain = await server.createUser('paciente');
    server.clock.advanceMinutes(1);
    const joinedTyped = await join(typed, { id_doctor, ...RANGE, franja: 'manana', id_tipo_visita: created.id_tipo });
    expect(joinedTyped.status, JSON.stringify(joinedTyped.body)).toBe(201);
    server.clock.advanceMinutes(1);
    expect((await join(plain, { id_doctor, ...RANGE, franja: 'manana' })).status).toBe(201);
    // A type the doctor does not offer cannot be waited for.
    const unknown = await join(await server.createUser('paciente'), { id_doctor, ...RANGE, franja: 'manana', id_tipo_visita: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('tipo_visita_no_encontrado');

    // 10:00 frees up, but 10:15 is still taken: a 30-minute visit does not fit, so the next in line gets it.
    await cancel(early.holder, early.id_cita);
    expect(mailsTo(server, typed, OFFER)).toHaveLength(0);
    expect(mailsTo(server, plain, OFFER)).toHaveLength(1);

    // 10:15 frees up too: now the whole visit fits from 10:00, and the typed entry is offered it.
    await cancel(late.holder, late.id_cita);
    const offers = mailsTo(server, typed, OFFER);
    expect(offers).toHaveLength(1);
    // The offer shows the whole visit: from 10:00 to 10:30, not its first slot's end.
    const seen = await server.request<{ hora: string; hora_fin: string }>('GET', `/api/lista-espera/ofertas/${tokenIn(offers[0])}`, { token: typed.token });
    expect(seen.body).toMatchObject({ hora: '10:00', hora_fin: '10:30' });
    const claimed = await claim(typed, tokenIn(offers[0]));
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    const visit = await db().selectFrom('citas').select(['hora', 'id_tipo_visita', 'duracion_min']).where('id_cita', '=', claimed.body.id_cita).executeTakeFirstOrThrow();
    expect(visit).toMatchObject({ id_tipo_visita: created.id_tipo, duracion_min: 30 });
    const held = await db().selectFrom('agenda').select(['hora_inicio', 'estado']).where('id_doctor', '=', id_doctor).where('fecha', '=', DAY).orderBy('hora_inicio').execute();
    expect(held.map((slot) => `${slot.hora_inicio.slice(0, 5)} ${slot.estado}`)).toEqual(['10:00 Reservado', '10:15 Reservado']);
  });

  it('a slot lost to someone quicker and freed again goes to the front of the queue again', async () => {
    const { doctor, holder, id_cita } = await doctorWithBookedSlot();
    const [first, second] = await waiting(doctor, 2);
    if (!first || !second) throw new Error('two patients');
    await cancel(holder, id_cita);
    const won = await claim(second, tokenIn(mailsTo(server, second, OFFER)[0]));
    expect(won.status, JSON.stringify(won.body)).toBe(201);
    await server.app.mailer.settled();
    expect(mailsTo(server, first, GONE)).toHaveLength(1);

    // The winner lets it go: the first in line, who lost it once, is offered it again and gets it.
    await cancel(second, won.body.id_cita);
    const offers = mailsTo(server, first, OFFER);
    expect(offers).toHaveLength(2);
    const claimed = await claim(first, tokenIn(offers[1]));
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect((await list(first))[0]?.estado).toBe('atendida');
  });
});

