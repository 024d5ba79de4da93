// The ceiling for Galeno's own reads: a minimal Fastify server on the same database
// doing the same work as Galeno for two scenarios, and nothing else.
//   GET /api/citas/agenda-disponible/:doctorId?dias=7   availability
//   GET /api/paciente/historial                          a patient's history (first page, X-Total-Count)
// Each request verifies the same JWT (same secret, same @fastify/jwt options), reads the account and
// session with Galeno's per-request query, and runs the SQL Galeno runs, copied from Kysely's log of
// a real request (the audit row of a history read included, committed in groups as Galeno does;
// the booking rules row read at most every 5 s, as Galeno caches it; the visit types' catalogue
// read once per history page).
// It answers the same JSON; `npm run bench:api` checks that before it measures.
// Left out on purpose: Galeno's security headers and request id, its schema validation of the
// answer, its error texts in three languages, and every other route.
// Environment: PORT, DATA_DIR (the SQLite file and the generated jwt-secret), DATABASE_URL
// (PostgreSQL instead), JWT_SECRET, CLINIC_TIMEZONE, SESSION_IDLE_MINUTES_PATIENT.
import fs from 'node:fs';
import path from 'node:path';
import type { StatementSync } from 'node:sqlite';
import jwt from '@fastify/jwt';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { columnsAsArrays, openSqlite, rowObject } from '../../server/db/dialects/node-sqlite.ts';
import { WalSync } from '../../server/db/dialects/wal-sync.ts';
import { addDays, localDate, localTime } from '../../server/lib/clock.ts';
import { fullName } from '../../contracts/names.ts';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL;
const timeZone = process.env.CLINIC_TIMEZONE ?? 'Europe/Madrid';
const idleMinutes = Number(process.env.SESSION_IDLE_MINUTES_PATIENT ?? 720);
const secret = process.env.JWT_SECRET ?? fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
const TOUCH_EVERY_MS = 60_000;

// --- The SQL, as Kysely writes it for Galeno (SQLite placeholders; PostgreSQL's are numbered). ---
const SQL = {
  requestUser: `select "u"."id_usuario", "u"."nombre_usuario", "u"."correo", "u"."nombre", "u"."apellido1", "u"."rol", "u"."idioma", "u"."version_token", "u"."activo", "u"."contrasena_hash", "p"."id_paciente", "d"."id_doctor", "s"."ultimo_uso", "s"."caduca_en", "s"."terminada_en", "s"."motivo", "s"."segundo_factor" from "usuarios" as "u" inner join "sesiones" as "s" on "s"."id_usuario" = "u"."id_usuario" and "s"."id_sesion" = ? left join "pacientes" as "p" on "p"."id_usuario" = "u"."id_usuario" left join "doctores" as "d" on "d"."id_usuario" = "u"."id_usuario" where "u"."id_usuario" = ?`,
  touchSession: `update "sesiones" set "ultimo_uso" = ? where "id_sesion" = ? and "terminada_en" is null`,
  bookableDoctor: `select "d"."id_doctor", "e"."id_especialidad", "u"."nombre", "u"."apellido1", "u"."apellido2", "e"."nombre" as "especialidad_es", "e"."nombre_ca" as "especialidad_ca", "e"."nombre_en" as "especialidad_en" from "doctores" as "d" inner join "usuarios" as "u" on "u"."id_usuario" = "d"."id_usuario" inner join "especialidades" as "e" on "e"."id_especialidad" = "d"."id_especialidad" where "d"."estado" = ? and "u"."activo" = ? and "u"."rol" = ? and "d"."id_doctor" = ?`,
  slots: `select "a"."id_agenda", "a"."fecha", "a"."hora_inicio", "a"."hora_fin", "a"."tipo", "a"."estado" from "doctores" as "d" inner join "usuarios" as "u" on "u"."id_usuario" = "d"."id_usuario" inner join "especialidades" as "e" on "e"."id_especialidad" = "d"."id_especialidad" inner join "agenda" as "a" on "a"."id_doctor" = "d"."id_doctor" where "d"."estado" = ? and "u"."activo" = ? and "u"."rol" = ? and "d"."id_doctor" = ? and "a"."fecha" >= ? and "a"."fecha" < ? order by "a"."fecha", "a"."hora_inicio"`,
  visitsOnSlots: `select "id_agenda", "estado" from "citas" where "id_paciente" = ? and "id_doctor" = ? and "estado" in (?, ?) and "fecha" >= ? and "fecha" < ?`,
  history: `select "v"."id_tipo_visita", "c"."id_consulta", "c"."fecha", "c"."hora", "c"."tipo", "c"."descripcion", "c"."motivo", "c"."estado", "du"."nombre" as "doctor_nombre", "du"."apellido1" as "doctor_apellido1", "du"."apellido2" as "doctor_apellido2", "pu"."nombre" as "paciente_nombre", "pu"."apellido1" as "paciente_apellido1", "pu"."apellido2" as "paciente_apellido2" from "consultas" as "c" inner join "doctores" as "d" on "d"."id_doctor" = "c"."id_doctor" inner join "usuarios" as "du" on "du"."id_usuario" = "d"."id_usuario" inner join "pacientes" as "p" on "p"."id_paciente" = "c"."id_paciente" inner join "usuarios" as "pu" on "pu"."id_usuario" = "p"."id_usuario" left join "citas" as "v" on "v"."id_cita" = "c"."id_cita" where "c"."id_paciente" = ? and ("c"."fecha" < ? or ("c"."fecha" = ? and "c"."hora" <= ?)) order by "c"."fecha" desc, "c"."hora" desc, "c"."id_consulta" desc limit ? offset ?`,
  historyCount: `select count(*) as "n" from "consultas" as "c" inner join "doctores" as "d" on "d"."id_doctor" = "c"."id_doctor" inner join "usuarios" as "du" on "du"."id_usuario" = "d"."id_usuario" inner join "pacientes" as "p" on "p"."id_paciente" = "c"."id_paciente" inner join "usuarios" as "pu" on "pu"."id_usuario" = "p"."id_usuario" where "c"."id_paciente" = ? and ("c"."fecha" < ? or ("c"."fecha" = ? and "c"."hora" <= ?))`,
  visitTypes: `select * from "tipos_visita" order by "id_tipo"`,
  bookingRules: `select * from "reglas_reserva" where "id_reglas" = ?`,
  audit: `insert into "auditoria" ("id_usuario", "rol", "id_paciente", "accion", "detalle", "ip", "creado_en") values (?, ?, ?, ?, ?, ?, ?)`,
};
type Query = keyof typeof SQL;
type Row = Record<string, unknown>;

interface Store {
  all(query: Query, parameters: unknown[]): Promise<Row[]>;
  run(query: Query, parameters: unknown[]): Promise<void>;
  /** Runs `queries` in one transaction (the audit rows' group commit). */
  batch(query: Query, rows: unknown[][]): Promise<void>;
}

function sqliteStore(file: string): Store {
  // Opened as Galeno opens it (WAL, group commit: a write's caller waits for its sync), and
  // prepared statements kept and rows read as it keeps and reads them.
  const database = openSqlite(file);
  const wal = new WalSync(file);
  const statements = new Map<Query, { statement: StatementSync; columns: string[] }>();
  const prepared = (query: Query) => {
    let cached = statements.get(query);
    if (!cached) {
      const statement = database.prepare(SQL[query]);
      statements.set(query, (cached = { statement, columns: columnsAsArrays(statement) }));
    }
    return cached;
  };
  const bind = (parameters: unknown[]): (string | number | null)[] => parameters.map((value) => (value === undefined ? null : (value as string | number | null)));
  return {
    all: async (query, parameters) => {
      const { statement, columns } = prepared(query);
      return statement.all(...bind(parameters)).map((values) => rowObject(columns, values as unknown as unknown[]));
    },
    run: async (query, parameters) => {
      prepared(query).statement.run(...bind(parameters));
      wal.noteWrite();
      await wal.durable();
    },
    batch: async (query, rows) => {
      database.exec('begin');
      try {
        for (const row of rows) prepared(query).statement.run(...bind(row));
        database.exec('commit');
      } catch (error) {
        database.exec('rollback');
        throw error;
      }
      wal.noteWrite();
      await wal.durable();
    },
  };
}

function postgresStore(url: string): Store {
  // Galeno reads int8 (count(*)) as a number, and opens a pool of 10.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const numbered = Object.fromEntries(
    Object.entries(SQL).map(([name, text]) => {
      let n = 0;
      return [name, text.replace(/\?/g, () => `$${(n += 1)}`)];
    }),
  ) as Record<Query, string>;
  // Galeno keeps its hot queries prepared on each connection (db/prepared-statements.ts): so does this.
  const statement = (query: Query, values: unknown[]) => ({ name: `same_work_${query}`, text: numbered[query], values });
  return {
    all: async (query, parameters) => (await pool.query(statement(query, parameters))).rows as Row[],
    run: async (query, parameters) => {
      await pool.query(statement(query, parameters));
    },
    batch: async (query, rows) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const row of rows) await client.query(statement(query, row));
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

const store = databaseUrl ? postgresStore(databaseUrl) : sqliteStore(path.join(dataDir, 'galeno.sqlite'));

/** Audit rows that arrive in one turn of the event loop share one commit; each caller waits for it. */
let pendingAudit: { row: unknown[]; done: (error?: Error) => void }[] = [];
function writeAudit(row: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    pendingAudit.push({ row, done: (error) => (error ? reject(error) : resolve()) });
    if (pendingAudit.length === 1) setImmediate(() => void flushAudit());
  });
}
async function flushAudit() {
  const batch = pendingAudit;
  pendingAudit = [];
  try {
    if (batch.length === 1) await store.run('audit', batch[0]!.row);
    else await store.batch('audit', batch.map((entry) => entry.row));
    for (const entry of batch) entry.done();
  } catch (error) {
    for (const entry of batch) entry.done(error instanceof Error ? error : new Error(String(error)));
  }
}

const app = Fastify({ logger: false });
await app.register(jwt, { secret, verify: { algorithms: ['HS256'], cache: true } });

interface Actor {
  id_usuario: number;
  rol: string;
  id_paciente: number | null;
}

const refuse = (reply: FastifyReply, status: number, code: string) => reply.status(status).send({ detail: code, code });

/** Galeno's per-request check: the token, then the account and its session in one query. */
async function patientOf(request: FastifyRequest, reply: FastifyReply): Promise<Actor | undefined> {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return void refuse(reply, 401, 'no_autenticado');
  let payload: { sid?: unknown; id_usuario?: unknown };
  try {
    payload = app.jwt.verify(token);
  } catch {
    return void refuse(reply, 401, 'token_invalido');
  }
  if (typeof payload.sid !== 'string' || typeof payload.id_usuario !== 'number') return void refuse(reply, 401, 'token_invalido');
  const [user] = await store.all('requestUser', [payload.sid, payload.id_usuario]);
  if (!user || user.terminada_en !== null || user.activo !== 1) return void refuse(reply, 401, 'token_invalido');
  const now = Date.now();
  const lastUse = Date.parse(String(user.ultimo_uso));
  // (Galeno also ends the idle session in the database here; a bench's fresh sessions never are.)
  if (idleMinutes > 0 && now - lastUse > idleMinutes * 60_000) return void refuse(reply, 401, 'sesion_caducada');
  if (now - lastUse >= TOUCH_EVERY_MS) await store.run('touchSession', [new Date(now).toISOString(), payload.sid]);
  if (user.rol !== 'paciente') return void refuse(reply, 403, 'sin_permiso');
  return { id_usuario: Number(user.id_usuario), rol: String(user.rol), id_paciente: user.id_paciente as number | null };
}

const hhmm = (time: unknown) => String(time).slice(0, 5);

/** The clinic's booking rules, read at most every 5 s as Galeno's instance cache does. */
let rulesRead: { rules: Row; until: number } | undefined;
async function bookingRules(): Promise<Row> {
  if (rulesRead && rulesRead.until > Date.now()) return rulesRead.rules;
  const [rules] = await store.all('bookingRules', [1]);
  if (!rules) throw new Error('no booking rules row');
  rulesRead = { rules, until: Date.now() + 5_000 };
  return rules;
}

app.get<{ Params: { doctorId: string }; Querystring: { dias?: string; desde?: string } }>(
  '/api/citas/agenda-disponible/:doctorId',
  async (request, reply) => {
    const actor = await patientOf(request, reply);
    if (!actor) return reply;
    const doctorId = Number(request.params.doctorId);
    const dias = Number(request.query.dias ?? 7);
    if (!Number.isInteger(doctorId) || doctorId < 1 || !Number.isInteger(dias) || dias < 1) return refuse(reply, 400, 'validacion');
    const now = new Date();
    const today = localDate(now, timeZone);
    const time = localTime(now, timeZone);
    const desde = request.query.desde ?? today;
    const hasta = addDays(desde, dias);
    const [slots, visits] = await Promise.all([
      store.all('slots', ['Activo', 1, 'doctor', doctorId, desde, hasta]),
      actor.id_paciente === null
        ? Promise.resolve([])
        : store.all('visitsOnSlots', [actor.id_paciente, doctorId, 'pendiente', 'Confirmada', desde, hasta]),
    ]);
    if (slots.length === 0 && (await store.all('bookableDoctor', ['Activo', 1, 'doctor', doctorId])).length === 0) {
      return refuse(reply, 404, 'doctor_no_encontrado');
    }
    const mine = new Map(visits.map((row) => [row.id_agenda, row.estado === 'Confirmada' ? 'Confirmada' : 'pendiente']));
    // Free slots outside the booking window (minimum notice, horizon) are not offered, as in Galeno.
    const rules = await bookingRules();
    const earliest = new Date(now.getTime() + Number(rules.antelacion_reserva_min) * 60_000);
    const earliestDay = localDate(earliest, timeZone);
    const earliestTime = localTime(earliest, timeZone);
    const lastDay = addDays(today, Number(rules.horizonte_dias));
    return slots.flatMap((slot) => {
      const tipo = slot.tipo === 'Bloqueo' ? 'Bloqueado' : slot.estado;
      const fecha = String(slot.fecha);
      const start = hhmm(slot.hora_inicio);
      const past = fecha < today || (fecha === today && start <= time);
      const outside = fecha > lastDay || fecha < earliestDay || (fecha === earliestDay && start < earliestTime);
      if ((past || outside) && tipo === 'Disponible') return [];
      const mia = mine.get(slot.id_agenda);
      return [{ fecha: slot.fecha, hora_inicio: hhmm(slot.hora_inicio), hora_fin: hhmm(slot.hora_fin), tipo, ...(mia ? { mia } : {}) }];
    });
  },
);

app.get<{ Querystring: { pagina?: string; por_pagina?: string } }>('/api/paciente/historial', async (request, reply) => {
  const actor = await patientOf(request, reply);
  if (!actor) return reply;
  if (actor.id_paciente === null) return refuse(reply, 403, 'sin_permiso');
  const pagina = Number(request.query.pagina ?? 1);
  const porPagina = Number(request.query.por_pagina ?? 50);
  if (!Number.isInteger(pagina) || pagina < 1 || !Number.isInteger(porPagina) || porPagina < 1 || porPagina > 200) {
    return refuse(reply, 400, 'validacion');
  }
  const now = new Date();
  const today = localDate(now, timeZone);
  const time = localTime(now, timeZone);
  const begun = [actor.id_paciente, today, today, time];
  const [rows, [count], types] = await Promise.all([
    store.all('history', [...begun, porPagina, (pagina - 1) * porPagina]),
    store.all('historyCount', begun),
    store.all('visitTypes', []),
  ]);
  // A visit booked as one of the clinic's own types (no stored word) is named by that type, in Spanish.
  const ownTypes = new Map(types.filter((type) => type.clave === null).map((type) => [type.id_tipo, { id_tipo: type.id_tipo, nombre: type.nombre_es, color: type.color }]));
  await writeAudit([actor.id_usuario, actor.rol, actor.id_paciente, 'historial.leer', null, request.ip, now.toISOString()]);
  void reply.header('x-total-count', String(Number(count?.n ?? 0)));
  return rows.map((row) => ({
    id_consulta: row.id_consulta,
    fecha: row.fecha,
    hora: hhmm(row.hora),
    consulta: row.tipo,
    descripcion: row.descripcion,
    doctor: fullName({ nombre: String(row.doctor_nombre), apellido1: String(row.doctor_apellido1), apellido2: row.doctor_apellido2 as string | null }),
    paciente: fullName({ nombre: String(row.paciente_nombre), apellido1: String(row.paciente_apellido1), apellido2: row.paciente_apellido2 as string | null }),
    motivo: row.motivo,
    estado: row.estado,
    tipo_visita: ownTypes.get(row.id_tipo_visita) ?? null,
  }));
});

app.get('/api/health', async () => ({ estado: 'ok' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('ready');
