import { describe, expect, it } from 'vitest';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestUser } from '../../testing/test-server.ts';
import { createOneTapService } from './one-tap.service.ts';

// Monday 2026-03-02, 09:00 in Madrid; the visit is on Wednesday at 10:00 (09:00Z).
const START = '2026-03-02T08:00:00Z';
const WEDNESDAY = '2026-03-04';

type Answer = { code?: string; accion?: string; estado?: string; confirmada_paciente?: boolean };

describe.each(DATABASES)('one-tap links on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', WAITLIST_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });
  const tap = (link: string, method: 'GET' | 'POST' = 'POST', language = 'es') =>
    server.request<Answer>(method, `/api/enlaces/${link.split('/enlace?token=')[1] ?? link}`, { headers: { 'accept-language': language } });
  const visit = (id_cita: number) => server.database.db.selectFrom('citas').selectAll().where('id_cita', '=', id_cita).executeTakeFirstOrThrow();

  async function confirmedVisit(hora = '10:00'): Promise<{ patient: TestUser; doctor: TestUser; id_cita: number }> {
    server.clock.set(START);
    const doctor = await server.createUser('doctor');
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, [hora, '12:00']);
    const patient = await server.createUser('paciente');
    const booked = await server.request<{ id_cita: number }>('POST', '/api/citas', {
      token: patient.token,
      body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora, motivo: 'Control', recordatorio: true },
    });
    expect(booked.status).toBe(201);
    expect((await server.request('PUT', `/api/agenda/citas/${booked.body.id_cita}`, { token: doctor.token, body: { estado: 'Confirmada' } })).status).toBe(200);
    return { patient, doctor, id_cita: booked.body.id_cita };
  }

  const linksOf = async (id_cita: number) => {
    const links = await createOneTapService(server.app).links(id_cita);
    if (!links) throw new Error('no links');
    return links;
  };

  it('confirms without logging in, once: the visit shows as confirmed by the patient', async () => {
    const { id_cita } = await confirmedVisit();
    const links = await linksOf(id_cita);
    expect(links.confirmar).toMatch(/^https:\/\/clinica\.example\/enlace\?token=\d+\.confirmar\.\d+\.[A-Za-z0-9_-]{43}$/);
    const shown = await tap(links.confirmar, 'GET', 'en');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ accion: 'confirmar', fecha: WEDNESDAY, hora: '10:00', confirmada_paciente: false });
    const done = await tap(links.confirmar);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await visit(id_cita)).confirmada_paciente_en).toBe(START.replace('Z', '.000Z'));
    const again = await tap(links.confirmar, 'POST', 'en');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'enlace_cita_usado', detail: 'This link has already been used.' });
  });

  it('refuses a link for another visit, a forged or truncated signature, an expired link and one of a moved visit', async () => {
    const { id_cita, patient } = await confirmedVisit();
    const other = await confirmedVisit('11:00');
    const links = await linksOf(id_cita);
    const token = links.confirmar.split('/enlace?token=')[1] as string;
    const [id, accion, caduca, firma] = token.split('.') as [string, string, string, string];
    expect((await tap(`${other.id_cita}.${accion}.${caduca}.${firma}`)).body.code).toBe('enlace_cita_no_valido');
    expect((await tap(`${id}.cancelar.${caduca}.${firma}`)).body.code).toBe('enlace_cita_no_valido');
    expect((await tap(`${id}.${accion}.${Number(caduca) + 3600}.${firma}`)).body.code).toBe('enlace_cita_no_valido');
    const forged = `${firma.slice(0, -1)}${firma.endsWith('A') ? 'B' : 'A'}`;
    expect((await tap(`${id}.${accion}.${caduca}.${forged}`)).status).toBe(404);
    expect((await tap(`${id}.${accion}.${caduca}.${firma.slice(0, 20)}`)).status).toBe(404);
    expect((await tap('not-a-link')).status).toBe(404);
    expect((await visit(other.id_cita)).confirmada_paciente_en).toBeNull();

    // The patient moves the visit: the old time's links die.
    const moved = await server.request('PUT', `/api/citas/${id_cita}/cambiar`, { token: patient.token, body: { fecha: WEDNESDAY, hora: '12:00' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await tap(links.confirmar)).body.code).toBe('enlace_cita_no_valido');

    // Past the visit's start, a link is dead.
    const fresh = await linksOf(other.id_cita);
    server.clock.set('2026-03-04T10:00:00Z');
    expect((await tap(fresh.confirmar)).body.code).toBe('enlace_cita_caducado');
  });

  it('dies when the patient changes their password', async () => {
    const { id_cita, patient } = await confirmedVisit();
    const links = await linksOf(id_cita);
    await server.database.db.updateTable('usuarios').set({ contrasena_hash: 'a-new-hash' }).where('id_usuario', '=', patient.id_usuario).execute();
    expect((await tap(links.confirmar)).status).toBe(404);
  });

  it("cancels as the patient would, within the clinic's notice to cancel, and asks to log in to move", async () => {
    const { id_cita } = await confirmedVisit();
    const links = await linksOf(id_cita);
    const cambiar = await tap(links.cambiar, 'GET');
    expect(cambiar.body).toMatchObject({ accion: 'cambiar' });
    expect((await tap(links.cambiar)).body.code).toBe('enlace_cita_requiere_sesion');

    // An hour before the visit is inside the clinic's notice: the patient is told to call.
    server.clock.set('2026-03-04T08:00:00Z');
    const late = await tap(links.cancelar);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('cancelacion_sin_antelacion');
    expect((await visit(id_cita)).estado).toBe('Confirmada');

    server.clock.set(START);
    const cancelled = await tap(links.cancelar);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await visit(id_cita)).toMatchObject({ estado: 'Cancelada', cancelada_por: 'paciente' });
    expect((await tap(links.cancelar)).body.code).toBe('enlace_cita_usado');
    expect((await tap(links.confirmar)).body.code).toBe('enlace_cita_cancelada');
  });
});
