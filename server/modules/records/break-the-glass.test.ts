import { describe, expect, it } from 'vitest';
import type { AccesoHistoria, EntradaAuditoria } from '../../../contracts/audit.ts';
import type { Historia } from '../../../contracts/records.ts';
import { bookSlot, openDay } from '../../testing/agenda.ts';
import { auditEntries } from '../../testing/audit.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

const DAY = '2026-03-10';
const REASON = 'Paciente inconsciente en urgencias, necesito sus alergias';

const openRecord = (server: TestServer, doctor: TestUser, patient: TestUser) =>
  server.request<Historia>('GET', `/api/pacientes/${patient.id_paciente}/historia`, { token: doctor.token });
const declare = (server: TestServer, doctor: TestUser, patient: TestUser, motivo: unknown) =>
  server.request<{ caduca_en: string }>('POST', `/api/pacientes/${patient.id_paciente}/acceso-urgente`, { token: doctor.token, body: { motivo } });

/** Break the glass: a doctor states a reason to open the record of a patient they do not treat. */
describe.each(DATABASES)('break the glass on %s', (kind) => {
  const server = useTestServer(kind);

  it('refuses the record to a doctor without a relation until they state a reason, then opens it for a limited time', async () => {
    const patient = await server.createUser('paciente', { nombre: 'Rosa', apellido1: 'Pons' });
    const stranger = await server.createUser('doctor', { nombre: 'Marta', apellido1: 'Vidal' });
    const base = `/api/pacientes/${patient.id_paciente}`;

    for (const [method, path, body] of [
      ['GET', `${base}/historia`, undefined],
      ['POST', `${base}/alergias`, { nombre: 'Látex' }],
    ] as const) {
      const refused = await server.request(method, path, { token: stranger.token, body });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ code: 'acceso_urgente_requerido' });
    }

    const granted = await declare(server, stranger, patient, `  ${REASON}  `);
    expect(granted.status).toBe(201);
    expect(granted.body.caduca_en).toBe(new Date(server.clock.now().getTime() + 4 * 3_600_000).toISOString());

    const record = await openRecord(server, stranger, patient);
    expect(record.status).toBe(200);
    expect(record.body.paciente.nombre).toBe('Rosa Pons');
    expect(record.body.citas).toEqual([]);
    // The record says until when it is open, so the doctor's screen can say so and close it then.
    expect(record.body.acceso_urgente_hasta).toBe(granted.body.caduca_en);
    expect((await server.request('POST', `${base}/alergias`, { token: stranger.token, body: { nombre: 'Látex' } })).status).toBe(201);

    // The statement and each read under it are audited as such.
    expect((await auditEntries(server, 'acceso_urgente.declarar')).at(-1)).toMatchObject({
      id_usuario: stranger.id_usuario,
      rol: 'doctor',
      id_paciente: patient.id_paciente,
      detalle: REASON,
    });
    expect((await auditEntries(server, 'historia.leer_urgente')).at(-1)).toMatchObject({ id_usuario: stranger.id_usuario, id_paciente: patient.id_paciente });
    expect((await auditEntries(server, 'ficha.alergias.crear')).at(-1)?.detalle).toMatch(/\(acceso urgente\)$/);

    // Four hours later the access has ended: a new reason is needed.
    server.clock.advanceMinutes(4 * 60);
    expect((await openRecord(server, stranger, patient)).body).toMatchObject({ code: 'acceso_urgente_requerido' });
    const renewed = await declare(server, stranger, patient, REASON);
    expect(renewed.status).toBe(201);
    const reopened = await openRecord(server, stranger, patient);
    expect(reopened.status).toBe(200);
    expect(reopened.body.acceso_urgente_hasta).toBe(renewed.body.caduca_en);

    // The grant is the stating doctor's only.
    const colleague = await server.createUser('doctor');
    expect((await openRecord(server, colleague, patient)).status).toBe(403);
  });

  it('validates the reason: required, 10 to 500 characters, one line', async () => {
    const patient = await server.createUser('paciente');
    const doctor = await server.createUser('doctor');
    const cases: [unknown, string][] = [
      [undefined, 'Indica el motivo del acceso.'],
      ['   ', 'Indica el motivo del acceso.'],
      ['Urgencia', 'Explica el motivo con al menos 10 caracteres.'],
      ['x'.repeat(501), 'El texto es demasiado largo.'],
      ['Urgencia vital\nhttps://example.com', 'El texto no puede tener saltos de línea ni caracteres de control.'],
    ];
    for (const [motivo, detail] of cases) {
      const answer = await declare(server, doctor, patient, motivo);
      expect(answer.status, String(motivo)).toBe(400);
      expect(answer.body, String(motivo)).toMatchObject({ detail });
    }
    expect((await openRecord(server, doctor, patient)).status).toBe(403);
    expect((await server.request('POST', '/api/pacientes/999999/acceso-urgente', { token: doctor.token, body: { motivo: REASON } })).status).toBe(404);
  });

  it("needs no reason from the patient's own doctor", async () => {
    const patient = await server.createUser('paciente');
    const doctor = await server.createUser('doctor');
    await openDay(server, doctor, DAY, ['09:00']);
    await bookSlot(server, patient, doctor, DAY, '09:00', { estado: 'Confirmada', motivo: 'Control' });
    const record = await openRecord(server, doctor, patient);
    expect(record.status).toBe(200);
    expect(record.body.acceso_urgente_hasta).toBeNull();
    expect((await auditEntries(server, 'historia.leer')).at(-1)).toMatchObject({ id_usuario: doctor.id_usuario, id_paciente: patient.id_paciente });
    expect((await auditEntries(server, 'historia.leer_urgente')).filter((e) => e.id_paciente === patient.id_paciente)).toEqual([]);
  });

  it("shows the patient the emergency access with its reason, and lists it for admins", async () => {
    const patient = await server.createUser('paciente');
    const stranger = await server.createUser('doctor', { nombre: 'Marta', apellido1: 'Vidal' });
    const admin = await server.createUser('admin');
    await declare(server, stranger, patient, REASON);
    server.clock.advanceMinutes(1);
    await openRecord(server, stranger, patient);

    const seen = await server.request<AccesoHistoria[]>('GET', '/api/paciente/accesos', { token: patient.token });
    expect(seen.status).toBe(200);
    expect(seen.body.slice(0, 2)).toEqual([
      expect.objectContaining({ accion: 'historia.leer_urgente', urgente: true, motivo: null, quien: expect.stringContaining('Marta Vidal') }),
      expect.objectContaining({ accion: 'acceso_urgente.declarar', urgente: true, motivo: REASON, quien: expect.stringContaining('Marta Vidal') }),
    ]);

    const listed = await server.request<EntradaAuditoria[]>('GET', '/api/auditoria?accion=acceso_urgente.declarar', { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.filter((e) => e.id_paciente === patient.id_paciente)).toEqual([expect.objectContaining({ id_usuario: stranger.id_usuario, id_paciente: patient.id_paciente, detalle: REASON })]);
  });
});

describe.each(DATABASES)('attachments under break the glass on %s', (kind) => {
  const server = useTestServer(kind);

  it("opens the patient's attachments with the record, marked as urgent in the audit", async () => {
    const patient = await server.createUser('paciente');
    const stranger = await server.createUser('doctor');
    const list = () => server.request('GET', `/api/archivos?id_paciente=${patient.id_paciente}`, { token: stranger.token });
    expect((await list()).status).toBe(403);
    await declare(server, stranger, patient, REASON);
    expect((await list()).status).toBe(200);
    const seen = await server.request<AccesoHistoria[]>('GET', '/api/paciente/accesos', { token: patient.token });
    expect(seen.body[0]).toMatchObject({ accion: 'archivo.listar', urgente: true, motivo: null });
  });
});
