import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { claimDueNotices } from '../modules/reminders/reminders.repository.ts';
import { migrateToLatest, openDatabase } from './index.ts';

/** SQLite's planner statistics: without them it guesses, and guessed wrong. */
describe('planner statistics on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-planner-'));
  const database = openDatabase({ dataDir });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are gathered for the pending notices, so a claim updates them by id instead of walking every pending notice', async () => {
    await migrateToLatest(database);
    await database.refreshPlannerStatistics();
    // Only the notices matter to the plan: the visits they point to are left out.
    await sql`PRAGMA foreign_keys = OFF`.execute(database.db);
    const now = '2026-03-02T08:00:00.000Z';
    await database.db
      .insertInto('avisos_solicitud')
      .values(
        Array.from({ length: 3000 }, (_, index) => ({
          id_cita: index + 1,
          id_doctor: 1 + (index % 100),
          creado_en: now,
          enviar_en: now,
          estado: index % 3 === 0 ? 'enviado' : 'pendiente',
          reservado_hasta: null,
          enviado_en: index % 3 === 0 ? now : null,
        })),
      )
      .execute();
    // The table grew from nothing: its statistics are stale and the hourly refresh takes them again.
    await database.refreshPlannerStatistics();

    const claims: CompiledQuery[] = [];
    const listener = (event: { query: CompiledQuery }) => claims.push(event.query);
    database.queryListeners.add(listener);
    try {
      await claimDueNotices(database.db, 'sqlite', { now, leaseUntil: '2026-03-02T08:02:00.000Z', windowMinutes: 5, id_doctor: 7, limit: 50 });
    } finally {
      database.queryListeners.delete(listener);
    }
    const [claim] = claims;
    if (!claim) throw new Error('the claim ran no query');
    const plan = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${claim.sql}`, [...claim.parameters]));
    // The first line of the plan is the update's own access to the table.
    expect(plan.rows[0]?.detail).toBe('SEARCH avisos_solicitud USING INTEGER PRIMARY KEY (rowid=?)');
  });

  it('are refreshed after a transaction in progress ends, never inside it where a rollback would undo them', async () => {
    let refreshed = false;
    let refresh: Promise<void> = Promise.resolve();
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('avisos_solicitud').select('id_aviso').limit(1).execute();
      refresh = database.refreshPlannerStatistics().then(() => {
        refreshed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(refreshed).toBe(false);
    });
    await refresh;
    expect(refreshed).toBe(true);
  });
});
