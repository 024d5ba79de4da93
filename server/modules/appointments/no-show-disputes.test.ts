import { describe, expect, it } from 'vitest';
import type { MiCita } from '../../../contracts/appointments.ts';
import type { MisReglas } from '../../../contracts/booking-rules.ts';
import { auditEntries } from '../../testing/audit.ts';
import { outboxMails } from '../../testing/mail.ts';
import { addAppointment } from '../../testing/patients.ts';
import { DATABASES, useTestServer, type TestServer, type TestUser } from '../../testing/test-server.ts';

// A doctor could give a walk-in and mark it 'No presentado' in one minute; three such marks
// restricted the patient's bookings. A no-show of a visit booked on its own day counts only while
// the patient has not disputed it. The test clock starts on Monday 2026-03-02 at 09:00 in Madrid
// (08:00 UTC).

interface Answer {
  code: string;
  detail: string;
}

describe.each(DATABASES)('disputing a same-day no-show on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0' } });

  /** The doctor assigns a visit in the slot under way at `hhmm` today and, a minute on, marks it missed. */
  async function walkInMarkedMissed(server: TestServer, doctor: TestUser, patient: TestUser, hhmm: string) {
    server.clock.set(`2026-03-02T${String(Number(hhmm.slice(0, 2)) - 1).padStart(2, '0')}:${hhmm.slice(3)}:00Z`);
    const assigned = await server.request<{ id_cita: number }>('POST', '/api/consultas', {
      token: doctor.token,
      body: { pacienteId: patient.id_usuario, fecha: '2026-03-02', hora: hhmm, motivo: 'Visita sin cita' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    server.clock.advanceMinutes(1);
    const marked = await server.request('PUT', `/api/citas/${assigned.body.id_cita}/no-presentado`, { token: doctor.token });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    return assigned.body.id_cita;
  }
  const rules = async (patient: TestUser) => (await server.request<MisReglas>('GET', '/api/citas/reglas', { token: patient.token })).body;
  const past = async (patient: TestUser) =>
    (await server.request<MiCita[]>('GET', '/api/citas/mias?periodo=pasadas', { token: patient.token })).body;
  const dispute = (patient: TestUser, id_cita: number, motivo: unknown, language = 'es') =>
    server.request<Answer & { disputada_en: string }>('POST', `/api/citas/${id_cita}/disputa`, {
      token: patient.token,
      body: { motivo },
      headers: { 'accept-language': language },
    });

  it('three same-day marks restrict the patient until they dispute one; the dispute is audited, and the doctor’s record shows it and counts only the rest', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente', { nombre: 'Nora', apellido1: 'Vives' });
    const marks = [
      await walkInMarkedMissed(server, doctor, patient, '09:00'),
      await walkInMarkedMissed(server, doctor, patient, '09:30'),
      await walkInMarkedMissed(server, doctor, patient, '10:00'),
    ];
    expect(await rules(patient)).toMatchObject({ no_presentados: 3, restringido: true });

    // The patient is told of each, with the way to dispute it.
    const told = outboxMails(server).filter((mail) => mail.headers.get('to')?.includes(patient.correo) && mail.subject.startsWith('No viniste a tu cita'));
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told[0]?.text).toContain('puedes recurrirlo en «Mis visitas»');

    const listed = await past(patient);
    expect(listed.find((visit) => visit.id_cita === marks[0])).toMatchObject({ asistencia: 'No presentado', no_presentado_disputable: true, disputa: null });

    // A reason is needed, one line.
    expect((await dispute(patient, marks[0]!, ' ')).body).toMatchObject({ code: 'validacion' });
    const short = await dispute(patient, marks[0]!, 'No', 'en');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Explain the reason in at least 5 characters.');

    const disputed = await dispute(patient, marks[0]!, 'Estuve en la sala de espera toda la mañana');
    expect(disputed.status).toBe(201);
    expect(await rules(patient)).toMatchObject({ no_presentados: 2, restringido: false });
    expect((await past(patient)).find((visit) => visit.id_cita === marks[0])).toMatchObject({
      no_presentado_disputable: false,
      disputa: { motivo: 'Estuve en la sala de espera toda la mañana', disputada_en: disputed.body.disputada_en },
    });
    expect((await auditEntries(server, 'cita.disputa_no_presentado')).at(-1)).toMatchObject({
      id_usuario: patient.id_usuario,
      id_paciente: patient.id_paciente,
      detalle: `cita ${marks[0]}: Estuve en la sala de espera toda la mañana`,
    });

    // Once only.
    const again = await dispute(patient, marks[0]!, 'Otra vez lo mismo');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'disputa_no_aplica' });

    // The doctor's record of the patient counts only the undisputed ones.
    const record = await server.request<{ no_presentados: number; citas: { id_cita: number; disputa_motivo?: string | null }[] }>(
      'GET',
      `/api/pacientes/${patient.id_paciente}/historia`,
      { token: doctor.token },
    );
    expect(record.body.no_presentados).toBe(2);
    // And sees that it was disputed, in the patient's words.
    expect(record.body.citas.find((cita) => cita.id_cita === marks[0])?.disputa_motivo).toBe('Estuve en la sala de espera toda la mañana');
    expect(record.body.citas.find((cita) => cita.id_cita === marks[1])?.disputa_motivo).toBeUndefined();
  });

  it('a visit booked before its day counts whatever the patient says, and nobody else disputes a patient’s no-show', async () => {
    const doctor = await server.createUser('doctor');
    const patient = await server.createUser('paciente');
    server.clock.set('2026-03-02T08:00:00Z');
    const booked = await addAppointment(server, { id_paciente: patient.id_paciente as number, id_doctor: doctor.id_doctor as number, fecha: '2026-03-03', hora: '10:00', estado: 'Confirmada' });
    server.clock.set('2026-03-03T10:00:00Z');
    expect((await server.request('PUT', `/api/citas/${booked}/no-presentado`, { token: doctor.token })).status).toBe(200);
    expect((await past(patient)).find((visit) => visit.id_cita === booked)).toMatchObject({ no_presentado_disputable: false });
    const refused = await dispute(patient, booked, 'Yo sí vine a la cita');
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Esta cita no se puede recurrir: solo una falta de una cita dada el mismo día, y solo una vez.');
    expect(await rules(patient)).toMatchObject({ no_presentados: 1 });

    const sameDay = await walkInMarkedMissed(server, doctor, patient, '11:00');
    const stranger = await server.createUser('paciente');
    expect((await dispute(stranger, sameDay, 'No es mía pero lo intento')).status).toBe(403);
    expect((await server.request('POST', `/api/citas/999999/disputa`, { token: patient.token, body: { motivo: 'No existe esta cita' } })).status).toBe(404);
  });
});
