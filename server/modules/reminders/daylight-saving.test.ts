import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookSlot } from '../../testing/agenda.ts';
import { openSlots } from '../../testing/appointments.ts';
import { DATABASES, useTestServer } from '../../testing/test-server.ts';

// On Sunday 25 October 2026 Madrid's clocks go back from 03:00 to 02:00: a slot from 01:30 to 02:00
// on the wall clock lasts 30 minutes, and its calendar entry must too.
describe.each(DATABASES)('calendar entries across a daylight-saving change on %s', (kind) => {
  const server = useTestServer(kind, { env: { REMINDER_POLL_SECONDS: '0', PUBLIC_URL: 'https://clinica.example' } });

  it('ends a visit its length after its start, in real time', async () => {
    server.clock.set('2026-10-20T08:00:00Z');
    try {
      const doctor = await server.createUser('doctor');
      const patient = await server.createUser('paciente');
      await openSlots(server, doctor.id_doctor as number, '2026-10-25', ['01:30'], { minutes: 30 });
      const visit = await bookSlot(server, patient, doctor, '2026-10-25', '01:30', { estado: 'Confirmada' });
      const ics = await server.request<string>('GET', `/api/citas/${visit.id_cita}/ics`, { token: patient.token });
      expect(ics.status).toBe(200);
      const event = new ICAL.Component(ICAL.parse(String(ics.body))).getFirstSubcomponent('vevent');
      const start = (event?.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate();
      const end = (event?.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate();
      expect(start.toISOString()).toBe('2026-10-24T23:30:00.000Z');
      expect((end.getTime() - start.getTime()) / 60_000).toBe(30);
    } finally {
      server.clock.set('2026-03-02T08:00:00Z');
    }
  });
});
