import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseOptions, type DialectName } from '../db/index.ts';
import {
  callJson,
  createPostgresSchema,
  logIn,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../testing/server-process.ts';
import { DATABASES, postgresTestUrl } from '../testing/test-databases.ts';

// Kill the real server (SIGKILL, no chance to clean up) in the middle of a stream of bookings and
// profile changes, start it again on the same database, and check that every change it
// acknowledged is there, that each booking is whole (slot taken, reminder, audit entry: one
// transaction) and, on the embedded database, that the file passes its integrity check.

/** SIGKILLs per database: the embedded file is ours to keep whole; PostgreSQL's own safety is its. */
const ROUNDS: Record<DialectName, number> = { sqlite: 3, postgres: 2 };
const MOTIVO = 'Prueba de caída';
const PATIENTS = [
  { usuario: 'ana.lopez', nombre: 'Ana', apellido1: 'López' },
  { usuario: 'jordi.martin', nombre: 'Jordi', apellido1: 'Martín' },
];

interface Slot {
  id_doctor: number;
  fecha: string;
  hora_inicio: string;
}

/** What the clients were told, and what they sent whose answer never came. */
class Ledger {
  readonly bookings = new Map<number, { usuario: string; recordatorio: boolean }>();
  /** Every phone number sent per patient, in order, and the index of the last one acknowledged. */
  readonly phonesSent = new Map<string, string[]>();
  readonly phoneAcknowledged = new Map<string, number>();
  acknowledgedThisRound = 0;
}

async function freeSlots(url: string, token: string): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const id_doctor of [1, 2]) {
    const answer = await callJson<{ fecha: string; hora_inicio: string; tipo: string }[]>(
      url,
      'GET',
      `/api/citas/agenda-disponible/${id_doctor}?dias=14`,
      { token },
    );
    expect(answer.status).toBe(200);
    for (const slot of answer.body) if (slot.tipo === 'Disponible') slots.push({ id_doctor, fecha: slot.fecha, hora_inicio: slot.hora_inicio });
  }
  // Tomorrow onwards: a slot later today could pass while the test runs.
  const today = slots.reduce((first, slot) => (slot.fecha < first ? slot.fecha : first), '9999-12-31');
  return slots.filter((slot) => slot.fecha > today);
}

/** One patient's stream: a booking and a profile change at a time, until the server is gone. */
async function writeUntilKilled(url: string, token: string, patient: (typeof PATIENTS)[number], slots: Slot[], ledger: Ledger, round: number) {
  const sent = ledger.phonesSent.get(patient.usuario) ?? [];
  ledger.phonesSent.set(patient.usuario, sent);
  for (let n = 0; ; n++) {
    const slot = slots.shift();
    const telefono = `6${round}${PATIENTS.indexOf(patient)}${String(sent.length).padStart(6, '0')}`;
    // Stored as E.164, the form every save keeps.
    const position = sent.push(`+34${telefono}`) - 1;
    const recordatorio = n % 2 === 0;
    const booking = slot
      ? callJson<{ id_cita: number }>(url, 'POST', '/api/citas', {
          token,
          body: { id_doctor: slot.id_doctor, fecha: slot.fecha, hora: slot.hora_inicio, motivo: MOTIVO, recordatorio },
        }).then((answer) => {
          if (answer.status === 201) {
            ledger.bookings.set(answer.body.id_cita, { usuario: patient.usuario, recordatorio });
            ledger.acknowledgedThisRound += 1;
          } else if (answer.status !== 409) {
            throw new Error(`booking answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          }
        })
      : Promise.resolve();
    const profile = callJson(url, 'PUT', '/api/paciente/perfil', {
      token,
      body: { nombre: patient.nombre, apellido1: patient.apellido1, telefono },
    }).then((answer) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      ledger.phoneAcknowledged.set(patient.usuario, position);
      ledger.acknowledgedThisRound += 1;
    });
    const results = await Promise.allSettled([booking, profile]);
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    const unexpected = failures.find((error) => !(error instanceof TypeError)); // fetch fails with a TypeError
    if (unexpected) throw unexpected;
    if (failures.length > 0) return; // the server died mid-request: those answers never came
  }
}

/** Checks in the database itself, with the server down. */
async function checkDatabase(options: DatabaseOptions, ledger: Ledger) {
  const handle = openDatabase(options);
  try {
    const { db } = handle;
    const ids = [...ledger.bookings.keys()];
    const rows = ids.length
      ? await db
          .selectFrom('citas as c')
          .innerJoin('pacientes as p', 'p.id_paciente', 'c.id_paciente')
          .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
          .select(['c.id_cita', 'c.estado', 'u.nombre_usuario'])
          .where('c.id_cita', 'in', ids)
          .execute()
      : [];
    const found = new Map(rows.map((row) => [row.id_cita, row]));
    for (const [id_cita, booking] of ledger.bookings) {
      expect(found.get(id_cita), `acknowledged cita ${id_cita}`).toMatchObject({ estado: 'pendiente', nombre_usuario: booking.usuario });
    }

    // Every booking that reached the database, acknowledged or not, is whole.
    const written = await db
      .selectFrom('citas as c')
      .innerJoin('agenda as a', 'a.id_agenda', 'c.id_agenda')
      .select(['c.id_cita', 'a.estado as hueco'])
      .where('c.motivo', '=', MOTIVO)
      .execute();
    // The patient's "request received" notice is written in the booking's transaction.
    const reminders = await db.selectFrom('notificaciones').select('id_cita').where('tipo', '=', 'solicitada').where('destinatario', '=', 'paciente').execute();
    const audits = await db.selectFrom('auditoria').select('detalle').where('accion', '=', 'cita.crear').execute();
    const count = (values: number[], id: number) => values.filter((value) => value === id).length;
    const remindedIds = reminders.map((row) => row.id_cita);
    const auditedIds = audits.map((row) => Number(/^cita (\d+)\b/.exec(row.detalle ?? '')?.[1]));
    for (const cita of written) {
      expect(
        { hueco: cita.hueco, avisos: count(remindedIds, cita.id_cita), auditorias: count(auditedIds, cita.id_cita) },
        `cita ${cita.id_cita}`,
      ).toEqual({ hueco: 'Reservado', avisos: 1, auditorias: 1 });
    }
    return written.length;
  } finally {
    await handle.close();
  }
}

function checkSqliteFile(file: string) {
  const database = new DatabaseSync(file);
  try {
    expect(database.prepare('pragma integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    expect(database.prepare('pragma foreign_key_check').all()).toEqual([]);
  } finally {
    database.close();
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every change acknowledged before the last crash is there, as the patients see it. */
async function expectAcknowledgedVisible(url: string, tokens: string[], ledger: Ledger) {
  for (const [index, patient] of PATIENTS.entries()) {
    const token = tokens[index] ?? '';
    const mine = await callJson<{ id_cita: number }[]>(url, 'GET', '/api/citas/mias?por_pagina=200', { token });
    const visible = new Set(mine.body.map((cita) => cita.id_cita));
    for (const [id_cita, booking] of ledger.bookings) if (booking.usuario === patient.usuario) expect(visible.has(id_cita), `cita ${id_cita}`).toBe(true);
    const acknowledged = ledger.phoneAcknowledged.get(patient.usuario);
    if (acknowledged !== undefined) {
      const profile = await callJson<{ usuario: { telefono: string | null } }>(url, 'GET', '/api/paciente/perfil', { token });
      // The last acknowledged number, or one sent after it whose answer the crash swallowed.
      expect(ledger.phonesSent.get(patient.usuario)?.slice(acknowledged)).toContain(profile.body.usuario.telefono);
    }
  }
}

// Each crash is a test of its own, with its own time budget (one test for every round ran out of
// its budget on a loaded machine); they run in order on one data folder, each starting where the
// last crash left it.
describe.each(DATABASES)('crash safety on %s', (kind: DialectName) => {
  const rounds = ROUNDS[kind];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-crash-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'true', REMINDER_POLL_SECONDS: '0' };
  let databaseOptions: DatabaseOptions = { dataDir };
  const ledger = new Ledger();
  let server: ServerProcess | undefined;
  cleanups.push(async () => void (server && (await stopServerProcess(server))));
  let written = 0;
  let tokens: string[] | undefined;
  let roundsDone = 0;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const base = postgresTestUrl() ?? '';
      const schema = await createPostgresSchema(base);
      cleanups.push(() => schema.drop());
      env.DATABASE_URL = schema.databaseUrl;
      databaseOptions = { dataDir, databaseUrl: base, schema: schema.schema, poolSize: 2 };
    }
  });

  /** Starts the server on what the last crash left and checks it kept every acknowledged change. */
  async function restart(): Promise<{ url: string; tokens: string[] }> {
    server = await startServerProcess(env);
    const { url } = server;
    // Log in once: a token outlives a restart (the signing secret is kept in the data folder).
    tokens ??= await Promise.all(PATIENTS.map((patient) => logIn(url, patient.usuario, 'Paciente1234!')));
    await expectAcknowledgedVisible(url, tokens, ledger);
    return { url, tokens };
  }

  for (let round = 0; round < rounds; round++) {
    it(`keeps every acknowledged change across SIGKILL ${round + 1} of ${rounds}`, { timeout: 60_000 }, async () => {
      expect(roundsDone, 'the rounds before this one passed').toBe(round);
      const { url, tokens: signedIn } = await restart();

      // Each patient books different slots (still free: those of earlier rounds are taken now).
      const slots = await freeSlots(url, signedIn[0] ?? '');
      const perPatient = PATIENTS.map((_, index) => slots.filter((_slot, position) => position % PATIENTS.length === index));
      ledger.acknowledgedThisRound = 0;
      const writers = PATIENTS.map((patient, index) =>
        writeUntilKilled(url, signedIn[index] ?? '', patient, perPatient[index] ?? [], ledger, round),
      );
      // Kill once some changes are acknowledged, whatever the machine's speed, with more in flight.
      const target = 6 + round * 3;
      const deadline = Date.now() + 30_000;
      while (ledger.acknowledgedThisRound < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await stopServerProcess(server!)).signal).toBe('SIGKILL');
      await Promise.all(writers);
      expect(ledger.acknowledgedThisRound).toBeGreaterThanOrEqual(target);

      if (kind === 'sqlite') checkSqliteFile(path.join(dataDir, 'galeno.sqlite'));
      written = await checkDatabase(databaseOptions, ledger);
      roundsDone += 1;
    });
  }

  it(`starts again after the last SIGKILL with every acknowledged change, and stops cleanly`, { timeout: 60_000 }, async () => {
    expect(roundsDone, 'every round passed').toBe(rounds);
    await restart();
    expect((await stopServerProcess(server!, 'SIGTERM')).code).toBe(0);
    console.log(
      `crash safety on ${kind}: ${rounds} SIGKILL rounds survived; ${ledger.bookings.size} acknowledged bookings checked (${written} written)`,
    );
  });
});
