import { describe, expect, it } from 'vitest';
import { DATABASES, useTestServer } from '../testing/test-server.ts';
import { seedDemoClinic } from './demo.ts';

// Monday 7 December 2026, 09:00 in Madrid: tomorrow, the 8th, is a public holiday.
describe.each(DATABASES)('the demo clinic on %s', (kind) => {
  const server = useTestServer(kind, { now: '2026-12-07T08:00:00Z', env: { AGENDA_FILL_POLL_SECONDS: '0', REMINDER_POLL_SECONDS: '0' } });

  it('opens its days from weekly hours: holidays closed, no visit on one, the working days open', async () => {
    const db = server.database.db;
    await seedDemoClinic(db, server.clock.now(), server.config);
    const slotsOn = async (fecha: string) =>
      Number((await db.selectFrom('agenda').select((eb) => eb.fn.countAll<number | string>().as('n')).where('fecha', '=', fecha).executeTakeFirstOrThrow()).n);
    expect(await slotsOn('2026-12-08')).toBe(0);
    expect(await slotsOn('2026-12-25')).toBe(0);
    expect(await slotsOn('2026-12-09')).toBeGreaterThan(0);
    // Yesterday's and today's visits can be shown: the days are open from yesterday on.
    expect(await slotsOn('2026-12-07')).toBeGreaterThan(0);
    const upcoming = await db.selectFrom('citas').select(['fecha', 'estado']).where('fecha', '>=', '2026-12-07').orderBy('fecha').execute();
    expect(upcoming.map((visit) => visit.estado).sort()).toEqual(['Confirmada', 'Confirmada', 'pendiente']);
    for (const visit of upcoming) expect(['2026-12-08', '2026-12-25', '2026-12-26']).not.toContain(visit.fecha);
  });
});
