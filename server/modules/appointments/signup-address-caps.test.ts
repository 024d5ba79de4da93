import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../contracts/auth.ts';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';

// Throwaway accounts made from one address share the booking caps: the visits all of them hold,
// and what the accounts younger than a day book in a day. The test clock starts on Monday
// 2026-03-02 at 09:00 in Madrid.

interface Answer {
  id_cita: number;
  code: string;
  detail: string;
}

describe.each(DATABASES)('booking caps per sign-up address on %s', (kind) => {
  const server = useTestServer(kind, {
    env: {
      TRUST_PROXY: 'true',
      MAX_ACTIVE_VISITS_PER_SIGNUP_ADDRESS: '3',
      MAX_VISITS_PER_DAY_NEW_ACCOUNTS_PER_ADDRESS: '2',
      REMINDER_POLL_SECONDS: '0',
    },
  });
  let serial = 0;
  const days = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-16', '2026-03-17'];

  /** Signs a patient up from `address` and logs them in (from an address of their own). */
  async function signUp(server: TestServer, address: string) {
    serial += 1;
    const usuario = `desechable_${kind}_${serial}`;
    const made = await server.request('POST', '/api/registro-paciente', {
      body: { usuario, email: `${usuario}@example.com`, contrasena: 'Segura-Clave-81!', nombre: 'Eva', apellido_1: 'Mallol' },
      headers: { 'x-forwarded-for': address },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const login = await server.request<LoginResponse>('POST', '/api/login', {
      body: { usuario, contrasena: 'Segura-Clave-81!' },
      headers: { 'x-forwarded-for': `10.99.${serial % 250}.${serial % 200}` },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.access_token;
  }

  async function doctorWithSlots(server: TestServer) {
    const doctor = await server.createUser('doctor');
    const id_doctor = doctor.id_doctor as number;
    for (const day of days) await openSlots(server, id_doctor, day, ['10:00', '10:30', '11:00', '11:30']);
    return id_doctor;
  }
  const aDayLater = () => server.clock.set(new Date(server.clock.now().getTime() + 25 * 3600_000));
  const book = (token: string, id_doctor: number, fecha: string, language = 'es', hora = '10:00') =>
    server.request<Answer>('POST', '/api/citas', {
      token,
      body: { id_doctor, fecha, hora, motivo: 'Control', recordatorio: false },
      headers: { 'accept-language': language },
    });

  it('caps the visits still to come of every account made from one address; others and the desk book as usual', async () => {
    const id_doctor = await doctorWithSlots(server);
    const [ana, bea, cris] = [await signUp(server, '10.77.1.1'), await signUp(server, '10.77.1.1'), await signUp(server, '10.77.1.1')];
    // A day later none of them is new any more: only the address's cap is left to meet.
    aDayLater();
    expect((await book(ana, id_doctor, days[0]!)).status).toBe(201);
    expect((await book(bea, id_doctor, days[1]!)).status).toBe(201);
    expect((await book(cris, id_doctor, days[2]!)).status).toBe(201);
    const refused = await book(ana, id_doctor, days[3]!);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'limite_citas_direccion',
      detail: 'Las cuentas registradas desde la misma dirección que la tuya ya tienen el máximo de citas pendientes o confirmadas (3). Para pedir otra, llama a la clínica.',
    });
    const inCatalan = await book(bea, id_doctor, days[3]!, 'ca');
    expect(inCatalan.body.detail).toBe(
      'Els comptes registrats des de la mateixa adreça que el teu ja tenen el màxim de cites pendents o confirmades (3). Per demanar-ne una altra, truca a la clínica.',
    );

    // Another household books as usual, and so does a patient the clinic registered itself.
    const neighbour = await signUp(server, '10.77.1.2');
    expect((await book(neighbour, id_doctor, days[3]!)).status).toBe(201);
    const registered = await server.createUser('paciente');
    expect((await book(registered.token, id_doctor, days[4]!)).status).toBe(201);

    // A cancelled visit frees room under the cap.
    const [held] = await server.database.db.selectFrom('citas').select('id_cita').where('fecha', '=', days[0]!).where('id_doctor', '=', id_doctor).execute();
    expect((await server.request('PUT', `/api/citas/${held!.id_cita}/cancelar`, { token: ana })).status).toBe(200);
    expect((await book(cris, id_doctor, days[3]!, 'es', '11:00')).status).toBe(201);
    // The desk is not bound by it: the patient at the counter gets their visit, past the cap.
    const desk = await server.createUser('recepcion');
    const [slot] = await server.database.db
      .selectFrom('agenda')
      .select('id_agenda')
      .where('id_doctor', '=', id_doctor)
      .where('fecha', '=', days[5]!)
      .where('hora_inicio', '=', '10:00')
      .execute();
    const anaId = await server.database.db
      .selectFrom('pacientes as p')
      .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
      .select('p.id_paciente')
      .where('u.nombre_usuario', '=', `desechable_${kind}_${serial - 3}`)
      .executeTakeFirstOrThrow();
    const atDesk = await server.request('POST', '/api/recepcion/citas', {
      token: desk.token,
      body: { id_paciente: anaId.id_paciente, id_agenda: slot!.id_agenda, motivo: 'Control' },
    });
    expect(atDesk.status, JSON.stringify(atDesk.body)).toBe(201);

  });

  it('lets the accounts younger than a day from one address book only so many visits a day together', async () => {
    const id_doctor = await doctorWithSlots(server);
    const [dani, edu, fina] = [await signUp(server, '10.77.2.1'), await signUp(server, '10.77.2.1'), await signUp(server, '10.77.2.1')];
    expect((await book(dani, id_doctor, days[0]!)).status).toBe(201);
    expect((await book(edu, id_doctor, days[1]!)).status).toBe(201);
    const refused = await book(fina, id_doctor, days[2]!, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'limite_citas_cuenta_nueva',
      detail: 'New accounts signed up from your address have already asked for the most visits allowed today (2). You can ask for more tomorrow; if it is urgent, call the clinic.',
    });
    // A day on, the account is no longer new: only the address's cap (3) applies.
    aDayLater();
    expect((await book(fina, id_doctor, days[2]!)).status).toBe(201);
  });
});
