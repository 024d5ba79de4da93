import { describe, expect, it } from 'vitest';
import { openSlots, setLanguage, slotEstado } from '../../testing/appointments.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { auditEntries } from '../../testing/audit.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { confirmVisit, consultations, reminderEstado, requestVisit, TODAY, WEDNESDAY, withDeletionRefused } from '../../testing/leaving.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 08:00Z, 09:00 in Madrid.

const smtp = await useSmtpServer();

/** A patient with a pending request (with reminder) and a confirmed visit with two doctors, and a past visit. */
async function busyPatient(server: TestServer) {
  const admin = await server.createUser('admin');
  const pere = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
  const mary = await server.createUser('doctor', { nombre: 'Mary', apellido1: 'Jones' });
  await setLanguage(server, mary.id_usuario, 'en');
  await openSlots(server, pere.id_doctor as number, WEDNESDAY, ['10:00', '10:30']);
  await openSlots(server, pere.id_doctor as number, TODAY, ['08:00']);
  await openSlots(server, mary.id_doctor as number, WEDNESDAY, ['10:30']);
  const ana = await server.createUser('paciente', { nombre: 'Ana', apellido1: 'Soler' });
  const pending = await requestVisit(server, ana, pere, '10:00', true);
  const confirmed = await requestVisit(server, ana, mary, '10:30');
  await confirmVisit(server, mary, confirmed);
  const past = await bookSlot(server, ana, pere, TODAY, '08:00', { estado: 'Confirmada' });
  await server.app.mailer.settled();
  smtp.messages.length = 0; // the doctors' notices of the two requests
  return { admin, pere, mary, ana, pending, confirmed, past: past.id_cita };
}

const citaEstado = async (server: TestServer, id_cita: number) =>
  (
    await server.database.db
      .selectFrom('citas')
      .select('estado')
      .where('id_cita', '=', id_cita)
      .executeTakeFirstOrThrow()
  ).estado;

interface Bloque {
  hora_inicio: string;
  estado: string;
  cita: unknown;
}

describe.each(DATABASES)('a patient leaving the clinic on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0' } });

  it('frees their visits still to come when an admin deletes them, and tells each doctor', async () => {
    const { admin, pere, mary, ana, pending, confirmed, past } = await busyPatient(server);
    expect(await consultations(server, confirmed)).toHaveLength(1);

    expect((await server.request('DELETE', `/api/usuarios/${ana.id_usuario}`, { token: admin.token })).status).toBe(
      204,
    );

    // Each doctor is told, like of a new request, in their own language and without the reason.
    await smtp.waitFor(2);
    await server.app.mailer.settled();
    const mails = smtp.messages.map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    expect(mails).toHaveLength(2);
    const toPere = mails.find((mail) => mail.to.includes(pere.correo));
    expect(toPere?.subject).toBe('Cita cancelada: miércoles, 4 de marzo de 2026 a las 10:00');
    expect(toPere?.text).toContain('Ana Soler ya no es paciente de la clínica y su cita contigo se ha cancelado.');
    expect(toPere?.text).not.toContain('“');
    expect(toPere?.text).not.toContain('Revisión');
    const toMary = mails.find((mail) => mail.to.includes(mary.correo));
    expect(toMary?.subject).toBe('Appointment cancelled: Wednesday, 4 March 2026 at 10:30');
    expect(toMary?.text).toContain('Ana Soler is no longer a patient of the clinic, and their appointment with you is cancelled.');

    expect(await citaEstado(server, pending)).toBe('Cancelada');
    expect(await citaEstado(server, confirmed)).toBe('Cancelada');
    expect(await citaEstado(server, past)).toBe('Confirmada'); // history stays
    expect(await reminderEstado(server, pending)).toBe('cancelado');
    expect(await consultations(server, confirmed)).toHaveLength(0);

    // The doctor's agenda shows the slot free, and another patient can take it.
    const agenda = await server.request<Bloque[]>('GET', `/api/agenda?fecha=${WEDNESDAY}`, { token: pere.token });
    expect(agenda.body.find((slot) => slot.hora_inicio === '10:00')).toMatchObject({
      estado: 'Disponible',
      cita: null,
    });
    const luis = await server.createUser('paciente');
    await requestVisit(server, luis, pere, '10:00');
    await requestVisit(server, luis, mary, '10:30');
    expect(await slotEstado(server, pere.id_doctor as number, WEDNESDAY, '10:00')).toBe('Reservado');

    // Each cancellation is audited against the patient, with a label on the audit screen.
    const audited = await server.database.db
      .selectFrom('auditoria')
      .select(['accion', 'id_paciente', 'id_usuario'])
      .where('accion', '=', 'cita.cancelar_baja_paciente')
      .where('id_paciente', '=', ana.id_paciente as number)
      .execute();
    expect(audited).toEqual([
      { accion: 'cita.cancelar_baja_paciente', id_paciente: ana.id_paciente, id_usuario: admin.id_usuario },
      { accion: 'cita.cancelar_baja_paciente', id_paciente: ana.id_paciente, id_usuario: admin.id_usuario },
    ]);
  });

  it('frees them too when the patient is made an admin', async () => {
    const { admin, pere, ana, pending } = await busyPatient(server);
    const changed = await server.request('PUT', `/api/usuarios/${ana.id_usuario}/rol`, {
      token: admin.token,
      body: { nuevo_rol: 'admin' },
    });
    expect(changed.status).toBe(200);
    expect(await citaEstado(server, pending)).toBe('Cancelada');
    expect(await slotEstado(server, pere.id_doctor as number, WEDNESDAY, '10:00')).toBe('Disponible');
    expect((await smtp.waitFor(2)).map((mail) => mail.to).flat()).toContain(pere.correo);
  });

  it('changes nothing, and sends nothing, when the deletion fails half-way', async () => {
    const { admin, pere, ana, pending, confirmed } = await busyPatient(server);
    await withDeletionRefused(server, async () => {
      const failed = await server.request('DELETE', `/api/usuarios/${ana.id_usuario}`, { token: admin.token });
      expect(failed.status).toBe(500);
    });
    expect(await citaEstado(server, pending)).toBe('pendiente');
    expect(await citaEstado(server, confirmed)).toBe('Confirmada');
    expect(await reminderEstado(server, pending)).toBe('pendiente');
    expect(await consultations(server, confirmed)).toHaveLength(1);
    expect(await slotEstado(server, pere.id_doctor as number, WEDNESDAY, '10:00')).toBe('Reservado');
    const audited = await auditEntries(server, 'cita.cancelar_baja_paciente', { id_paciente: ana.id_paciente as number });
    expect(audited).toHaveLength(0);
    expect((await server.request('GET', '/api/citas/mias?periodo=proximas', { token: ana.token })).status).toBe(200);
    await server.app.mailer.settled();
    expect(smtp.messages).toHaveLength(0);
  });
});
