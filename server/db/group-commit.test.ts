import { describe, expect, it } from 'vitest';
import { openSlots } from '../testing/appointments.ts';
import { useTestServer } from '../testing/test-server.ts';

const WEDNESDAY = '2026-03-04';

/** SQLite's group commit: no answer leaves before its writes are on disk. */
describe('answers on the embedded database', () => {
  const server = useTestServer('sqlite');

  it('leave only after a sync of the WAL that covers their writes, and bookings arriving together are all kept', async () => {
    const doctor = await server.createUser('doctor');
    const horas = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    await openSlots(server, doctor.id_doctor as number, WEDNESDAY, horas);
    const patients = await Promise.all(horas.map(() => server.createUser('paciente')));
    const book = (index: number) =>
      server.request('POST', '/api/citas', {
        token: patients[index]?.token,
        body: { id_doctor: doctor.id_doctor, fecha: WEDNESDAY, hora: horas[index], motivo: 'Revisión', recordatorio: true },
      });

    // One booking: its commit was not synced by the database itself, the answer waited for a sync.
    const before = server.database.walSyncs() as number;
    expect((await book(0)).status).toBe(201);
    expect(server.database.walSyncs()).toBeGreaterThan(before);

    // Seven at once: they share syncs (wal-sync.test.ts checks the batching), and all are kept.
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(book));
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(201));
    const rows = await server.database.db.selectFrom('citas').select('id_cita').where('id_doctor', '=', doctor.id_doctor as number).execute();
    expect(rows).toHaveLength(8);
  });
});
