// npm run bench:agenda -- [--db sqlite|postgres] [--doctors 200] [--weeks 8]
// Times keeping `doctors` doctors with weekly hours open `weeks` weeks ahead: the first fill, and a
// second run that has nothing to do. PostgreSQL: DATABASE_URL or postgres://postgres@127.0.0.1:5432/test,
// in a schema of its own that is dropped afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { migrateToLatest, openDatabase } from '../../server/db/index.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { keepAgendasOpen } from '../../server/modules/agenda/keep-open.ts';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, doctors: { type: 'string', default: '200' }, weeks: { type: 'string', default: '8' } },
});
const doctors = Number(values.doctors);
const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-bench-agenda-'));
const databaseUrl = kind === 'postgres' ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined;
const schema = kind === 'postgres' ? `bench_agenda_${process.pid}` : undefined;
if (databaseUrl && schema) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
}
const database = openDatabase({ databaseUrl, dataDir, ...(schema ? { schema } : {}) });
try {
  await migrateToLatest(database);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AGENDA_WEEKS_AHEAD: values.weeks });
  const clock = new ManualClock('2026-03-02T08:00:00Z');
  // The generator needs only these three of the app.
  const app = { db: database.db, clock, config } as unknown as FastifyInstance;
  const { db } = database;
  const specialty = await db.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow();
  const stamp = clock.now().toISOString();
  for (let n = 0; n < doctors; n++) {
    const usuario = `bench${n}`;
    const { id_usuario } = await db
      .insertInto('usuarios')
      .values({
        nombre_usuario: usuario, correo: `${usuario}@example.com`, contrasena_hash: 'x', rol: 'doctor', nombre: 'Bench', apellido1: `Doctor${n}`,
        apellido2: null, dni: null, nacimiento: null, sexo: null, telefono: null, direccion: null, codigo_postal: null, localidad: null,
        provincia: null, pais: null, idioma: 'es', busqueda: usuario, eliminado_en: null, creado_en: stamp,
      })
      .returning('id_usuario')
      .executeTakeFirstOrThrow();
    const { id_doctor } = await db
      .insertInto('doctores')
      .values({ id_usuario, numero_colegiado: `B${n}`, id_especialidad: specialty.id_especialidad, horario: null, estado: 'Activo', fecha_alta: '2026-01-01', fecha_baja: null, creado_automaticamente: 0 })
      .returning('id_doctor')
      .executeTakeFirstOrThrow();
    // Monday to Thursday 09:00-14:00 and 16:00-19:00 every 15 minutes, Friday 09:00-14:00.
    const franjas = [1, 2, 3, 4].flatMap((dia_semana) => [
      { dia_semana, hora_inicio: '09:00', hora_fin: '14:00', duracion_min: 15 },
      { dia_semana, hora_inicio: '16:00', hora_fin: '19:00', duracion_min: 15 },
    ]);
    franjas.push({ dia_semana: 5, hora_inicio: '09:00', hora_fin: '14:00', duracion_min: 15 });
    await db.insertInto('horarios_semanales').values(franjas.map((franja) => ({ id_doctor, ...franja, vigente_desde: '2026-03-02' }))).execute();
  }
  const time = async (label: string, today: string) => {
    const started = performance.now();
    const run = await keepAgendasOpen(app, today);
    const ms = performance.now() - started;
    console.log(`${kind} ${label}: ${ms.toFixed(0)} ms — ${run.doctores} doctors, ${run.dias} days, ${run.huecos} slots`);
  };
  console.log(`${doctors} doctors, ${values.weeks} weeks ahead, on ${kind}`);
  await time('first fill', '2026-03-02');
  await time('re-run, nothing to do', '2026-03-02');
  await time('next day (one new day each)', '2026-03-03');
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
}
