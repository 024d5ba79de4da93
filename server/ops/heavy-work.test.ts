import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_PASSWORD } from '../../scripts/bench/galeno-server.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { sqliteBulkWriter } from '../db/seed/bulk-writer.ts';
import { seedLargeClinic } from '../db/seed/large.ts';
import { addDays, localDate } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { logIn, startServerProcess, stopServerProcess, type ServerProcess } from '../testing/server-process.ts';

// The heaviest work a clinic legitimately asks of one server, on the compiled server started with
// plain node as `npm start` starts it, so with Node's own heap sizing: a patient's whole record
// exported as PDF and as JSON, twenty of each at once, while the 100,000-patient list is paged.

const PATIENTS = 100_000;
const VISITS = 200;
const ATTACHMENTS = 50;
const EXPORTS_PER_FORMAT = 20;
// One patient may draw ten documents of each kind a minute (user-limit.ts), so the twenty of each
// go to two patients whose records are the same size.
const HEAVY_PATIENTS = [1, 2];

const TEXT =
  'Exploración completa por aparatos sin hallazgos de interés; tensión arterial controlada con el ' +
  'tratamiento actual, analítica con perfil lipídico en rango. Se revisa la adherencia y se ajusta la pauta.';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-heavy-'));
let server: ServerProcess;

/** 100,000 patients with accounts (as seed:large makes them), and two of them with a long record. */
async function seedClinic(): Promise<void> {
  const database = openDatabase({ dataDir });
  await migrateToLatest(database);
  await database.close();

  const today = localDate(new Date(), 'Europe/Madrid');
  const writer = sqliteBulkWriter(path.join(dataDir, 'galeno.sqlite'));
  const summary = await seedLargeClinic(writer, {
    patients: PATIENTS,
    doctors: 1,
    days: 61,
    today,
    passwordHash: await hashPassword(BENCH_PASSWORD),
  });
  // The long records are exactly these; visits the generator happened to give those patients go.
  const direct = new DatabaseSync(path.join(dataDir, 'galeno.sqlite'));
  const heavy = HEAVY_PATIENTS.join(', ');
  direct.exec(`delete from consultas where id_paciente in (${heavy}); delete from citas where id_paciente in (${heavy})`);
  direct.close();
  // The generated agenda starts yesterday: the long records' visits are the days before it.
  let slotId = summary.agenda;
  let citaId = summary.citas;
  let consultaId = summary.consultas;
  const slots: unknown[][] = [];
  const citas: unknown[][] = [];
  const consultas: unknown[][] = [];
  const archivos: unknown[][] = [];
  for (const [index, patient] of HEAVY_PATIENTS.entries()) {
    const hora = `1${index}:00`;
    const fin = `1${index}:15`;
    for (let visit = 0; visit < VISITS; visit++) {
      const fecha = addDays(today, -2 - visit);
      const stamp = `${fecha}T09:00:00.000Z`;
      slotId += 1;
      citaId += 1;
      consultaId += 1;
      slots.push([slotId, 1, fecha, hora, fin, 15, 'Consulta', 'Reservado', null]);
      citas.push([citaId, patient, 1, slotId, fecha, hora, `Revisión ${visit + 1}`, 0, 'Confirmada', stamp, stamp]);
      consultas.push([consultaId, patient, 1, citaId, fecha, hora, 'Consulta', `Revisión ${visit + 1}`, TEXT, TEXT, TEXT, 'finalizada', stamp, stamp]);
    }
    for (let file = 1; file <= ATTACHMENTS; file++) {
      archivos.push([patient, `analitica-${file}.pdf`, 'application/pdf', 250_000 + file, `${patient}/${file}.pdf`, `${addDays(today, -file)}T10:00:00.000Z`, null]);
    }
  }
  await writer.insert('agenda', ['id_agenda', 'id_doctor', 'fecha', 'hora_inicio', 'hora_fin', 'duracion_min', 'tipo', 'estado', 'descripcion'], slots);
  await writer.insert('citas', ['id_cita', 'id_paciente', 'id_doctor', 'id_agenda', 'fecha', 'hora', 'motivo', 'recordatorio', 'estado', 'creado_en', 'actualizado_en'], citas);
  await writer.insert('consultas', ['id_consulta', 'id_paciente', 'id_doctor', 'id_cita', 'fecha', 'hora', 'tipo', 'motivo', 'descripcion', 'diagnostico', 'recomendaciones', 'estado', 'creado_en', 'finalizada_en'], consultas);
  await writer.insert('archivos', ['id_paciente', 'nombre', 'tipo', 'tamano', 'ruta', 'fecha_subida', 'subido_por'], archivos);
  await writer.close();
}

beforeAll(async () => {
  await seedClinic();
  server = await startServerProcess({ DATA_DIR: dataDir, DEMO_DATA: 'false', MFA_REQUIRED_ROLES: '' }, 120_000);
}, 420_000);

afterAll(async () => {
  if (server) await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (token: string, route: string) => fetch(server.url + route, { headers: { authorization: `Bearer ${token}` } });

/** Every page of the active-patient list, one after another; the rows seen and the total announced. */
async function pageThroughPatients(token: string): Promise<{ seen: number; total: number }> {
  const perPage = 200;
  let seen = 0;
  for (let page = 1; ; page++) {
    const response = await get(token, `/api/pacientes?pagina=${page}&por_pagina=${perPage}`);
    expect(response.status, `page ${page}`).toBe(200);
    const total = Number(response.headers.get('x-total-count'));
    const rows = (await response.json()) as unknown[];
    seen += rows.length;
    if (rows.length < perPage) return { seen, total };
  }
}

async function exportPdf(token: string): Promise<void> {
  const response = await get(token, '/api/paciente/mis-datos.pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(response.status, bytes.subarray(0, 200).toString()).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  // A whole document: the header, and the end-of-file marker after its cross-reference table.
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.subarray(-16).toString()).toContain('%%EOF');
}

async function exportJson(token: string, patient: number): Promise<void> {
  const response = await get(token, '/api/paciente/mis-datos');
  const text = await response.text();
  expect(response.status, text.slice(0, 200)).toBe(200);
  const data = JSON.parse(text) as { paciente: { id_paciente: number }; citas: unknown[]; consultas: unknown[]; archivos: unknown[] };
  expect(data.paciente.id_paciente).toBe(patient);
  expect([data.citas.length, data.consultas.length, data.archivos.length]).toEqual([VISITS, VISITS, ATTACHMENTS]);
}

describe('the heaviest legitimate work, on plain node with its own heap sizing', () => {
  it(`answers ${EXPORTS_PER_FORMAT} PDF and ${EXPORTS_PER_FORMAT} JSON exports at once, whole, while the ${PATIENTS.toLocaleString('en')}-patient list is paged, and stays up`, async () => {
    const admin = await logIn(server.url, 'admin', BENCH_PASSWORD);
    const patients = await Promise.all(HEAVY_PATIENTS.map((patient) => logIn(server.url, `paciente${patient}`, BENCH_PASSWORD)));

    const perPatient = EXPORTS_PER_FORMAT / HEAVY_PATIENTS.length;
    const exports = HEAVY_PATIENTS.flatMap((patient, index) => {
      const token = patients[index]!;
      return Array.from({ length: perPatient }, () => [exportPdf(token), exportJson(token, patient)]).flat();
    });
    const [listed] = await Promise.all([pageThroughPatients(admin), ...exports]);

    expect(listed.total).toBeGreaterThan(PATIENTS * 0.9);
    expect(listed.seen).toBe(listed.total);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode, server.output()).toBeNull();
  }, 300_000);
});
