// How long GET /api/pacientes takes with a big clinic: `npx node scripts/bench-patient-search.ts [patients]`.
// Fills a fresh embedded database (a temporary folder) with generated patients, then times the
// real endpoint in-process (routing, auth, search, paging, serialization) for typical searches.
// With BENCH_DATABASE_URL=postgres://… it runs on PostgreSQL instead, in a throw-away schema.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sessionToken } from '../server/testing/session-token.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/index.ts';
import { insertUser, searchTextOf } from '../server/modules/accounts/accounts.repository.ts';

const PATIENTS = Number(process.argv[2] ?? 100_000);
const RUNS = 25;
const postgresUrl = process.env.BENCH_DATABASE_URL;

const NAMES = ['José', 'María', 'Josefa', 'Antonio', 'Lucía', 'Jordi', 'Núria', 'Àlex', 'Sofía', 'Íñigo', 'Carmen', 'Pau', 'Martí', 'Elena', 'Raúl', 'Andrés', 'Mónica', 'Joan', 'Laia', 'Óscar'];
const SURNAMES = ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Puig', 'Vidal', 'Ferrer', 'Soler', 'Ibáñez', 'Núñez', 'Castaño'];

// A small deterministic generator, so every run measures the same clinic.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

// BENCH_DATA_DIR keeps the generated database between runs (SQLite only); otherwise a temporary folder.
const keptDir = postgresUrl ? undefined : process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-bench-'));
// BENCH_SCHEMA keeps the generated PostgreSQL schema between runs; otherwise a throw-away one.
const keptSchema = postgresUrl ? process.env.BENCH_SCHEMA : undefined;
const schema = postgresUrl ? (keptSchema ?? `bench_${randomBytes(4).toString('hex')}`) : undefined;
if (postgresUrl && schema) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`create schema if not exists ${schema}`);
  await client.end();
}
const database = openDatabase({ databaseUrl: postgresUrl, dataDir, ...(schema ? { schema } : {}) });
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex') });

try {
  await migrateToLatest(database);
  const { db } = database;
  const stamp = new Date().toISOString();
  const fillStarted = performance.now();
  const batch = 1000;
  const existing = Number((await db.selectFrom('pacientes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  for (let start = existing; start < PATIENTS; start += batch) {
    await db.transaction().execute(async (trx) => {
      const users = [];
      for (let i = start; i < Math.min(PATIENTS, start + batch); i++) {
        const nombre = pick(NAMES);
        const apellido1 = pick(SURNAMES);
        const apellido2 = pick(SURNAMES);
        const nombre_usuario = `paciente${i}`;
        const correo = `paciente${i}@example.com`;
        users.push({
          nombre_usuario, correo, contrasena_hash: 'x', rol: 'paciente' as const, nombre, apellido1, apellido2,
          dni: null, nacimiento: null, sexo: null, telefono: i % 3 === 0 ? null : `6${String(i).padStart(8, '0')}`,
          direccion: null, codigo_postal: null, localidad: null, provincia: null, pais: null, idioma: 'es' as const,
          busqueda: searchTextOf({ nombre, apellido1, apellido2, nombre_usuario, correo }), eliminado_en: null, creado_en: stamp,
        });
      }
      const ids = await trx.insertInto('usuarios').values(users).returning('id_usuario').execute();
      await trx
        .insertInto('pacientes')
        .values(ids.map(({ id_usuario }) => ({ id_usuario, estado: 'Activo' as const, fecha_alta: '2025-01-01' })))
        .execute();
    });
  }
  const id_usuario = existing > 0 ? 0 : await insertUser(db, {
    nombre_usuario: 'bench-doctor', correo: 'bench-doctor@example.com', contrasena_hash: 'x', rol: 'doctor',
    nombre: 'Bench', apellido1: 'Doctor', creado_en: stamp,
  });
  if (id_usuario) await db
    .insertInto('doctores')
    .values({ id_usuario, numero_colegiado: '999999999', id_especialidad: 1, horario: null, estado: 'Activo', fecha_alta: '2025-01-01', fecha_baja: null, creado_automaticamente: 0 })
    .execute();
  if (database.dialect === 'postgres') await sql('analyze');
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(
    `${PATIENTS} patients on ${database.dialect} (filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s); ` +
      `${os.cpus().length} CPUs, load average ${load}`,
  );

  const app = await buildApp({ config, database, serveWeb: false });
  const doctor = await db.selectFrom('usuarios as u').innerJoin('doctores as d', 'd.id_usuario', 'u.id_usuario').select(['u.id_usuario', 'd.id_doctor']).executeTakeFirstOrThrow();
  const token = await sessionToken(app, {
    id_usuario: doctor.id_usuario, id_paciente: null, id_doctor: doctor.id_doctor, nombre: 'Bench', nombre_usuario: 'bench-doctor', rol: 'doctor',
  });

  const cases = [
    ['first page, no search', ''],
    ['a common surname: garcia', 'buscar=garcia'],
    ['with accents and case: JOSÉ', `buscar=${encodeURIComponent('JOSÉ')}`],
    ['name and surname: lucia perez', `buscar=${encodeURIComponent('lucia perez')}`],
    ['one e-mail: paciente98765@', `buscar=${encodeURIComponent('paciente98765@')}`],
    ['two letters: ma', 'buscar=ma'],
    ['no match: zzqx', 'buscar=zzqx'],
    ['page 200 of 50, no search', 'pagina=200'],
  ] as const;
  // Wall time depends on what else the machine runs; the CPU time the server spent is steadier.
  console.log(`GET /api/pacientes, ${RUNS} runs each: wall median / wall p95 / CPU median / matches`);
  for (const [label, query] of cases) {
    const times: number[] = [];
    const cpu: number[] = [];
    let total = '';
    for (let run = 0; run < RUNS; run++) {
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api/pacientes?${query}`, headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (response.statusCode !== 200) throw new Error(`${label}: HTTP ${response.statusCode} ${response.body}`);
      total = String(response.headers['x-total-count']);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    const cpuMedian = cpu[Math.floor(cpu.length / 2)] ?? 0;
    const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
    console.log(`  ${label.padEnd(34)} ${ms(median)} ${ms(p95)} ${ms(cpuMedian)} ${total.padStart(7)}`);
  }
  await app.close();
} finally {
  await database.close();
  if (postgresUrl && schema && !keptSchema) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
  if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

async function sql(statement: string) {
  const client = new pg.Client({ connectionString: postgresUrl, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(statement);
  await client.end();
}
