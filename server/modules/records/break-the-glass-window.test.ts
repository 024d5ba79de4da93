import { describe, expect, it } from 'vitest';
import type { CifrasClinica } from '../../../contracts/home.ts';
import type { Historia } from '../../../contracts/records.ts';
import { auditEntries } from '../../testing/audit.ts';
import { outboxMails } from '../../testing/mail.ts';
import { addAppointment } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 09:00 in Madrid. A doctor opens a record without a
// reason only around a visit with the patient (30 days before or after, by default); a burst of
// openings by break-the-glass alerts the administrators.

const REASON = 'Paciente inconsciente en urgencias, necesito sus alergias';
const openRecord = (server: TestServer, doctor: TestUser, patient: TestUser) =>
  server.request<Historia & { code: string; detail: string }>('GET', `/api/pacientes/${patient.id_paciente}/historia`, { token: doctor.token });
const declare = (server: TestServer, doctor: TestUser, patient: TestUser) =>
  server.request('POST', `/api/pacientes/${patient.id_paciente}/acceso-urgente`, { token: doctor.token, body: { motivo: REASON } });

describe.each(DATABASES)('a record opens around a visit, else by break-the-glass, on %s', (kind) => {
  const server = useTestServer(kind, { env: { BREAK_GLASS_ALERT_OPENS: '3', BREAK_GLASS_ALERT_MINUTES: '60', PUBLIC_URL: 'https://clinica.example' } });

  it('opens within 30 days of a visit with the doctor, and asks for a reason for a visit further away or cancelled', async () => {
    const doctor = await server.createUser('doctor');
    const visit = async (fecha: string, estado: 'Confirmada' | 'Cancelada' = 'Confirmada') => {
      const patient = await server.createUser('paciente');
      await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number, fecha, hora: '10:00', estado });
      return patient;
    };
    for (const fecha of ['2026-01-31', '2026-02-20', '2026-03-02', '2026-04-01']) {
      expect((await openRecord(server, doctor, await visit(fecha))).status, fecha).toBe(200);
    }
    for (const [fecha, estado] of [['2026-01-30', 'Confirmada'], ['2026-04-02', 'Confirmada'], ['2025-06-10', 'Confirmada'], ['2026-03-05', 'Cancelada']] as const) {
      const refused = await openRecord(server, doctor, await visit(fecha, estado));
      expect(refused.status, fecha).toBe(403);
      expect(refused.body.code).toBe('acceso_urgente_requerido');
    }
    const far = await visit('2025-06-11');
    const inEnglish = await server.request<{ detail: string }>('GET', `/api/pacientes/${far.id_paciente}/historia`, { token: doctor.token, headers: { 'accept-language': 'en' } });
    expect(inEnglish.body.detail).toBe(
      'This patient has no appointment with you within 30 days before or after today. To open their record, state the reason for emergency access; it will be recorded and the patient will see it.',
    );
    // With a reason, it opens, and the opening is audited as such.
    expect((await declare(server, doctor, far)).status).toBe(201);
    expect((await openRecord(server, doctor, far)).status).toBe(200);
    expect((await auditEntries(server, 'historia.leer_urgente')).some((entry) => entry.id_paciente === far.id_paciente)).toBe(true);
  });

  it('a self-assigned consultation long ago no longer opens the record', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number, fecha: '2026-03-02', hora: '12:00' });
    expect((await openRecord(server, doctor, patient)).status).toBe(200);
    server.clock.set(new Date(server.clock.now().getTime() + 31 * 24 * 3_600_000));
    expect((await openRecord(server, doctor, patient)).status).toBe(403);
  });

  it('alerts every administrator by e-mail once per burst, and lists the burst on their home', async () => {
    const admins = [await server.createUser('admin', { nombre: 'Irene', apellido1: 'Soler' }), await server.createUser('admin', { nombre: 'Pau', apellido1: 'Roig' })];
    const curious = await server.createUser('doctor', { nombre: 'Curro', apellido1: 'Mirón' });
    const calm = await server.createUser('doctor', { nombre: 'Sara', apellido1: 'Quieta' });
    const patients = [];
    for (let i = 0; i < 5; i += 1) patients.push(await server.createUser('paciente'));
    const subject = 'Aviso: Curro Mirón ha abierto 3 historias con acceso urgente';
    const alertsTo = (admin: TestUser) => outboxMails(server).filter((mail) => mail.headers.get('to')?.includes(admin.correo) && mail.subject.startsWith('Aviso: Curro Mirón'));

    // Two openings by the calm doctor and two by the curious one: below the threshold.
    for (const patient of patients.slice(0, 2)) expect((await declare(server, calm, patient)).status).toBe(201);
    for (const patient of patients.slice(0, 2)) expect((await declare(server, curious, patient)).status).toBe(201);
    expect(alertsTo(admins[0]!)).toEqual([]);

    // The third within the hour starts a burst: each administrator is told once.
    server.clock.advanceMinutes(20);
    expect((await declare(server, curious, patients[2]!)).status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (admins.some((admin) => alertsTo(admin).length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const admin of admins) {
      const [mail, ...more] = alertsTo(admin);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain('Curro Mirón ha abierto 3 historias clínicas con acceso urgente en menos de 60 minutos.');
      expect(mail?.text).toContain('https://clinica.example/auditoria');
      // The reasons stay in the audit log.
      expect(mail?.text).not.toContain(REASON);
    }

    // More openings in the same burst grow it without another e-mail.
    server.clock.advanceMinutes(5);
    expect((await declare(server, curious, patients[3]!)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(alertsTo(admins[0]!)).toHaveLength(1);

    const home = await server.request<CifrasClinica>('GET', '/api/admin/cifras', { token: admins[0]!.token });
    expect(home.status).toBe(200);
    const burst = home.body.alertas_acceso_urgente.find((alert) => alert.id_doctor === curious.id_doctor);
    expect(burst).toMatchObject({ doctor: 'Curro Mirón', aperturas: 4 });
    expect(new Date(burst!.hasta).getTime() - new Date(burst!.desde).getTime()).toBe(25 * 60_000);
    expect(home.body.alertas_acceso_urgente.some((alert) => alert.id_doctor === calm.id_doctor)).toBe(false);
  });
});
