import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EnlaceCalendario } from '../../../contracts/calendar-feed.ts';
import { openSlots, setLanguage } from '../../testing/appointments.ts';
import { addAppointment } from '../../testing/patients.ts';
import { addVisitType } from '../../testing/visit-types.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';
import { publicBaseUrl } from '../auth/index.ts';
import { initials } from './calendar-feed.service.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid.

/** Every content line of an iCalendar text: CRLF-terminated, at most 75 octets. */
function expectWellFolded(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
}

const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
const value = (event: ICAL.Component, name: string) => event.getFirstPropertyValue(name);
const startOf = (event: ICAL.Component) => (value(event, 'dtstart') as ICAL.Time).toJSDate().toISOString();

describe('initials', () => {
  it('keeps one capital letter and a dot per name, whole characters only', () => {
    expect(initials('ana', 'García')).toBe('A. G.');
    expect(initials('Àngel', 'Ñúñez')).toBe('À. Ñ.');
    expect(initials('  ', 'Ruiz')).toBe('R.');
  });
});

describe.each(DATABASES)('the doctor’s calendar feed on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });
  const create = (doctor: TestUser) => server.request<EnlaceCalendario>('POST', '/api/doctor/calendario', { token: doctor.token });
  const read = async (url: string) => {
    const response = await fetch(new URL(new URL(url).pathname, server.url));
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  async function clinic(server: TestServer) {
    // A name that needs escaping (comma, semicolon) and folding (long, accented).
    const doctor = await server.createUser('doctor', { nombre: 'María José, Ñúñez; de la Fuente-Valderrama', apellido1: 'Castellví i Puigdollers' });
    const patient = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'García' });
    const other = await server.createUser('paciente', { nombre: 'bruno', apellido1: 'Ñáñez' });
    const id_doctor = doctor.id_doctor as number;
    await openSlots(server, id_doctor, '2026-03-10', ['10:00', '10:30', '11:00'], { minutes: 30 });
    const book = async (who: TestUser, hora: string) => {
      const response = await server.request<{ id_cita: number }>('POST', '/api/citas', {
        token: who.token,
        body: { id_doctor, fecha: '2026-03-10', hora, motivo: 'MotivoSecretoFeed', recordatorio: false },
      });
      expect(response.status).toBe(201);
      return response.body.id_cita;
    };
    const pending = await book(patient, '10:00');
    const confirmed = await book(other, '10:30');
    expect((await server.request('PUT', `/api/agenda/citas/${confirmed}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);
    await server.database.db.updateTable('consultas').set({ tipo: 'Revisión' }).where('id_cita', '=', confirmed).execute();
    const third = await server.createUser('paciente', { nombre: 'Carla', apellido1: 'Serra' });
    const cancelled = await book(third, '11:00');
    expect((await server.request('PUT', `/api/citas/${cancelled}/cancelar`, { token: third.token })).status).toBe(200);
    const recent = await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor, fecha: '2026-02-20', hora: '09:00', estado: 'Confirmada' });
    const old = await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor, fecha: '2026-01-20', hora: '09:00', estado: 'Confirmada' });
    return { doctor, patient, ids: { pending, confirmed, cancelled, recent, old } };
  }

  it('carries the visits of the last 30 days and to come as valid RFC 5545, initials and visit type only', async () => {
    const { doctor, ids } = await clinic(server);
    const made = await create(doctor);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ activo: true, url: expect.stringMatching(/^https:\/\/clinica\.example\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/) });
    // The address is shown once: later reads only say there is one.
    const status = await server.request<EnlaceCalendario>('GET', '/api/doctor/calendario', { token: doctor.token });
    expect(status.body).toEqual({ activo: true, creado_en: made.body.creado_en, url: null });

    const feed = await read(made.body.url as string);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(feed.headers.get('x-robots-tag')).toContain('noindex');
    expectWellFolded(feed.text);
    // No clinical text, no full names: the reason typed when booking and the patients' names stay out.
    for (const secret of ['MotivoSecretoFeed', 'Ana', 'García', 'bruno', 'Ñáñez', 'Carla']) expect(feed.text).not.toContain(secret);

    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    // The calendar's name (TEXT, RFC 7986) escapes the comma and the semicolon, and folds without
    // splitting a character.
    expect(feed.text.replace(/\r\n /g, '')).toContain('\r\nNAME:Galeno Centro Médico: agenda de María José\\, Ñúñez\\; de la Fuente-Valderrama Castellví i Puigdollers\r\n');
    const list = events(feed.text);
    const byUid = new Map(list.map((event) => [String(value(event, 'uid')), event]));
    expect([...byUid.keys()].sort()).toEqual(
      [ids.pending, ids.confirmed, ids.cancelled, ids.recent].map((id) => `cita-${id}@clinica.example`).sort(),
    );
    const pending = byUid.get(`cita-${ids.pending}@clinica.example`)!;
    expect(value(pending, 'summary')).toBe('A. G. · Consulta (pendiente)');
    expect(value(pending, 'status')).toBe('TENTATIVE');
    expect(startOf(pending)).toBe('2026-03-10T09:00:00.000Z');
    expect((value(pending, 'dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2026-03-10T09:30:00.000Z');
    expect(value(pending, 'dtstamp')).toBeTruthy();
    const confirmed = byUid.get(`cita-${ids.confirmed}@clinica.example`)!;
    expect(value(confirmed, 'summary')).toBe('B. Ñ. · Revisión');
    expect(value(confirmed, 'status')).toBe('CONFIRMED');
    const cancelled = byUid.get(`cita-${ids.cancelled}@clinica.example`)!;
    expect(value(cancelled, 'status')).toBe('CANCELLED');
    expect(Number(value(cancelled, 'sequence'))).toBeGreaterThan(0);
    expect(Number(value(pending, 'sequence'))).toBe(0);
    // The UIDs are stable: a second read names the same events.
    expect(events((await read(made.body.url as string)).text).map((event) => value(event, 'uid')).sort()).toEqual([...byUid.keys()].sort());

    // A visit the patient did not come to says so.
    await server.database.db.updateTable('citas').set({ asistencia: 'No presentado' }).where('id_cita', '=', ids.recent).execute();
    const noShow = events((await read(made.body.url as string)).text).find((event) => value(event, 'uid') === `cita-${ids.recent}@clinica.example`)!;
    expect(value(noShow, 'summary')).toBe('A. G. · Consulta (no presentado)');

    // In the doctor's language.
    await setLanguage(server, doctor.id_usuario, 'en');
    const english = events((await read(made.body.url as string)).text).find((event) => value(event, 'uid') === `cita-${ids.confirmed}@clinica.example`)!;
    expect(value(english, 'summary')).toBe('B. Ñ. · Follow-up');
  });

  it('names a visit of the clinic’s own type in the summary and the description, and lasts its whole length', async () => {
    const admin = await server.createUser('admin');
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'García' });
    const id_doctor = doctor.id_doctor as number;
    const type = await addVisitType(server, admin, { nombre_es: `Analítica ${kind}`, nombre_ca: `Analítica ${kind}`, nombre_en: `Blood test ${kind}`, duracion_min: 60 });
    await openSlots(server, id_doctor, '2026-03-11', ['12:00', '12:30'], { minutes: 30 });
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor, fecha: '2026-03-11', hora: '12:00', motivo: 'Control', id_tipo_visita: type.id_tipo },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const made = await create(doctor);
    const visit = events((await read(made.body.url as string)).text).find((event) => value(event, 'uid') === `cita-${booked.body.id_cita}@clinica.example`)!;
    expect(value(visit, 'summary')).toBe(`A. G. · Analítica ${kind} (pendiente)`);
    expect(value(visit, 'description')).toBe(`Analítica ${kind} · 60 min`);
    expect(startOf(visit)).toBe('2026-03-11T11:00:00.000Z');
    expect((value(visit, 'dtend') as ICAL.Time).toJSDate().toISOString()).toBe('2026-03-11T12:00:00.000Z');
    await setLanguage(server, doctor.id_usuario, 'en');
    const english = events((await read(made.body.url as string)).text).find((event) => value(event, 'uid') === `cita-${booked.body.id_cita}@clinica.example`)!;
    expect(value(english, 'summary')).toBe(`A. G. · Blood test ${kind} (pending)`);
  });

  it('a new address revokes the old one; revoking leaves none; unknown addresses are the same 404', async () => {
    const { doctor } = await clinic(server);
    const first = (await create(doctor)).body.url as string;
    expect((await read(first)).status).toBe(200);
    const second = (await create(doctor)).body.url as string;
    expect(second).not.toBe(first);
    const gone = await read(first);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text)).toEqual({ code: 'enlace_calendario_no_encontrado', detail: 'Este enlace de calendario no existe o se ha revocado.' });
    expect((await read(second)).status).toBe(200);
    // Without the .ics suffix too.
    expect((await read(second.replace(/\.ics$/, ''))).status).toBe(200);

    expect((await server.request('DELETE', '/api/doctor/calendario', { token: doctor.token })).status).toBe(204);
    expect((await read(second)).status).toBe(404);
    expect((await server.request<EnlaceCalendario>('GET', '/api/doctor/calendario', { token: doctor.token })).body).toEqual({ activo: false, creado_en: null, url: null });
    // Revoking twice is fine; only the hash is stored.
    expect((await server.request('DELETE', '/api/doctor/calendario', { token: doctor.token })).status).toBe(204);
    const token = second.split('/').pop()!.replace('.ics', '');
    const stored = await server.database.db.selectFrom('enlaces_calendario').select('hash_token').execute();
    expect(stored.some((row) => row.hash_token.includes(token))).toBe(false);

    for (const bad of ['x', 'A'.repeat(43), '../../etc/passwd', 'A'.repeat(90)]) {
      expect((await server.request('GET', `/api/calendario/${encodeURIComponent(bad)}`)).status, bad).toBe(404);
    }
    // Another doctor's address shows only their own visits; a doctor who leaves takes theirs away.
    const other = await server.createUser('doctor');
    const theirs = (await create(other)).body.url as string;
    expect(events((await read(theirs)).text)).toHaveLength(0);
    await server.database.db.updateTable('usuarios').set({ activo: 0 }).where('id_usuario', '=', other.id_usuario).execute();
    expect((await read(theirs)).status).toBe(404);
  });

  it('is rate-limited per address', async () => {
    // Earlier reads of this address in the same minute count too: at most 60 get through.
    const answers: Awaited<ReturnType<typeof server.request<{ code: string; detail: string }>>>[] = [];
    for (let index = 0; index < 61; index += 1) answers.push(await server.request<{ code: string; detail: string }>('GET', `/api/calendario/${'B'.repeat(43)}.ics`));
    const limited = answers.findIndex((answer) => answer.status === 429);
    expect(limited).toBeGreaterThanOrEqual(0);
    expect(answers.slice(0, limited).every((answer) => answer.status === 404)).toBe(true);
    expect(answers[limited]?.body).toMatchObject({ code: 'demasiadas_solicitudes', detail: expect.stringContaining('Demasiadas solicitudes') });
    expect(answers[limited]?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the calendar address without PUBLIC_URL', () => {
  const server = useTestServer('sqlite', { env: { REMINDER_POLL_SECONDS: '0' } });
  const createFrom = (doctor: TestUser, host: string) =>
    server.app.inject({ method: 'POST', url: '/api/doctor/calendario', headers: { host, authorization: `Bearer ${doctor.token}` } });

  it('starts where the doctor reached the server, or at the configured address when the Host header makes none', async () => {
    const doctor = await server.createUser('doctor');
    const reached = await createFrom(doctor, 'clinica.local:8080');
    expect(reached.statusCode).toBe(201);
    expect(reached.json<EnlaceCalendario>().url).toMatch(/^http:\/\/clinica\.local:8080\/api\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);

    const garbled = await createFrom(doctor, 'a"b<c>');
    expect(garbled.statusCode).toBe(201);
    const url = garbled.json<EnlaceCalendario>().url as string;
    expect(url.startsWith(`${publicBaseUrl(server.app.config)}/api/calendario/`)).toBe(true);
    // The new address is the one that works; the one before it is revoked.
    expect((await fetch(new URL(new URL(url).pathname, server.url))).status).toBe(200);
    const before = new URL(reached.json<EnlaceCalendario>().url as string).pathname;
    expect((await fetch(new URL(before, server.url))).status).toBe(404);
  });
});
