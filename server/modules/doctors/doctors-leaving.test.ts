import { describe, expect, it } from 'vitest';
import { myVisits, openSlots, setLanguage, slotEstado } from '../../testing/appointments.ts';
import { bookSlot } from '../../testing/agenda.ts';
import { parseMail } from '../../testing/mail.ts';
import { useSmtpServer } from '../../testing/message-outlets.ts';
import { confirmVisit, consultations, reminderEstado, requestVisit, TODAY, WEDNESDAY, withDeletionRefused } from '../../testing/leaving.ts';
import { DATABASES, useTestServer, type TestServer } from '../../testing/test-server.ts';

// The test clock starts on Monday 2026-03-02 at 08:00Z, 09:00 in Madrid.

const smtp = await useSmtpServer();

/** A doctor with a pending request (with reminder), a confirmed visit and a past visit. */
async function busyDoctor(server: TestServer) {
  const admin = await server.createUser('admin');
  const doctor = await server.createUser('doctor', { nombre: 'Pere', apellido1: 'Puig' });
  await openSlots(server, doctor.id_doctor as number, WEDNESDAY, ['10:00', '10:30', '11:00']);
  await openSlots(server, doctor.id_doctor as number, TODAY, ['08:00']);
  const ana = await server.createUser('paciente', { nombre: 'Ana' });
  const john = await server.createUser('paciente', { nombre: 'John' });
  await setLanguage(server, john.id_usuario, 'en');
  const pending = await requestVisit(server, ana, doctor, '10:00', true);
  const confirmed = await requestVisit(server, john, doctor, '10:30');
  await confirmVisit(server, doctor, confirmed);
  const past = await bookSlot(server, ana, doctor, TODAY, '08:00', { estado: 'Confirmada' });
  await server.app.mailer.settled();
  smtp.messages.length = 0; // the doctor's notices of the two requests
  return { admin, doctor, ana, john, pending, confirmed, past: past.id_cita };
}

describe.each(DATABASES)('a doctor leaving the clinic on %s', (kind) => {
  const server = useTestServer(kind, { env: { SMTP_URL: smtp.url, REMINDER_POLL_SECONDS: '0' } });

  it('cancels their visits still to come when an admin deletes them, and tells each patient', async () => {
    const { admin, doctor, ana, john, pending, confirmed, past } = await busyDoctor(server);
    expect(await consultations(server, confirmed)).toHaveLength(1);

    expect((await server.request('DELETE', `/api/usuarios/${doctor.id_usuario}`, { token: admin.token })).status).toBe(
      204,
    );

    // Cancelled visits leave the upcoming ones for a group of their own, saying the clinic cancelled them.
    expect(await myVisits(server, ana, 'proximas')).toEqual([]);
    expect(await myVisits(server, ana, 'canceladas')).toEqual([
      expect.objectContaining({ id_cita: pending, estado: 'Cancelada', cancelable: false, cancelada_por: 'clinica' }),
    ]);
    expect(await myVisits(server, john, 'canceladas')).toEqual([
      expect.objectContaining({ id_cita: confirmed, estado: 'Cancelada', cancelable: false, cancelada_por: 'clinica' }),
    ]);
    // What already happened stays as it was.
    expect(await myVisits(server, ana, 'pasadas')).toEqual([
      expect.objectContaining({ id_cita: past, estado: 'Confirmada' }),
    ]);

    // The same clean-up as a rejection: slots free, reminder stopped, the opened consultation gone.
    expect(await slotEstado(server, doctor.id_doctor as number, WEDNESDAY, '10:00')).toBe('Disponible');
    expect(await slotEstado(server, doctor.id_doctor as number, WEDNESDAY, '10:30')).toBe('Disponible');
    expect(await reminderEstado(server, pending)).toBe('cancelado');
    expect(await consultations(server, confirmed)).toHaveLength(0);
    // Nobody can book the freed slots of a doctor who has left.
    const other = await server.createUser('paciente');
    const booking = await server.request('POST', '/api/citas', {
      token: other.token,
      body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora: '10:00', motivo: 'Revisión', recordatorio: false },
    });
    expect(booking.status).toBe(404);

    const mails = (await smtp.waitFor(2)).map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    expect(mails).toHaveLength(2);
    const toAna = mails.find((mail) => mail.to.includes(ana.correo));
    expect(toAna?.subject).toBe('Cita cancelada: miércoles, 4 de marzo de 2026 a las 10:00');
    expect(toAna?.text).toContain('Galeno Centro Médico ha cancelado tu cita.');
    expect(toAna?.text).toContain('Motivo: Pere Puig ya no pasa consulta en Galeno Centro Médico.');
    expect(toAna?.text).not.toContain('Revisión'); // the reason stays in the app
    const toJohn = mails.find((mail) => mail.to.includes(john.correo));
    expect(toJohn?.subject).toBe('Appointment cancelled: Wednesday, 4 March 2026 at 10:30');
  });

  it('cancels them too when the doctor is made a patient', async () => {
    const { admin, doctor, ana } = await busyDoctor(server);
    const changed = await server.request('PUT', `/api/usuarios/${doctor.id_usuario}/rol`, {
      token: admin.token,
      body: { nuevo_rol: 'paciente' },
    });
    expect(changed.status).toBe(200);
    expect((await myVisits(server, ana, 'canceladas')).map((cita) => cita.estado)).toEqual(['Cancelada']);
    expect((await smtp.waitFor(2)).map((mail) => mail.to).flat()).toContain(ana.correo);
  });

  it('changes nothing, and sends nothing, when the deletion fails half-way', async () => {
    const { admin, doctor, ana, john, pending } = await busyDoctor(server);
    await withDeletionRefused(server, async () => {
      const failed = await server.request('DELETE', `/api/usuarios/${doctor.id_usuario}`, { token: admin.token });
      expect(failed.status).toBe(500);
    });
    expect((await myVisits(server, ana, 'proximas')).map((cita) => cita.estado)).toEqual(['pendiente']);
    expect((await myVisits(server, john, 'proximas')).map((cita) => cita.estado)).toEqual(['Confirmada']);
    expect(await reminderEstado(server, pending)).toBe('pendiente');
    expect(await slotEstado(server, doctor.id_doctor as number, WEDNESDAY, '10:00')).toBe('Reservado');
    expect((await server.request('GET', '/api/doctor/perfil', { token: doctor.token })).status).toBe(200);
    await server.app.mailer.settled();
    expect(smtp.messages).toHaveLength(0);
  });
});
