import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Role } from '../../contracts/roles.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  type DialectName,
} from '../db/index.ts';
import { ManualClock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertPatient, insertUser } from '../modules/accounts/accounts.repository.ts';
import { copyMigratedSqlite, createMigratedPostgres } from './migrated-copies.ts';
import { createPostgresSchema } from './server-process.ts';
import { sessionToken } from './session-token.ts';
import type { FastifyInstance } from 'fastify';

export { DATABASES } from './test-databases.ts';

export const TEST_PASSWORD = 'Prueba1234!';
let testPasswordHash: Promise<string> | undefined;

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestUser {
  id_usuario: number;
  id_paciente: number | null;
  id_doctor: number | null;
  usuario: string;
  correo: string;
  rol: Role;
  token: string;
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  clock: ManualClock;
  database: DatabaseHandle;
  /** How the database was opened: a second app on the same database opens it the same way. */
  databaseOptions: DatabaseOptions;
  config: Config;
  request<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  /** Creates an account directly in the database (password TEST_PASSWORD) with a valid token. */
  createUser(
    rol: Role,
    fields?: Partial<{ nombre: string; apellido1: string; usuario: string; correo: string }>,
  ): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Where the clinic's clock starts (defaults to a Monday morning). */
  now?: string;
  env?: Record<string, string>;
  /** Runs on the fresh database before it is migrated to the latest schema (migration tests). */
  prepare?: (database: DatabaseHandle) => Promise<void>;
}

let counter = 0;

/** Starts a real server on an ephemeral port with a fresh database of the given kind. */
export async function startTestServer(kind: DialectName, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-test-'));
  const { databaseOptions, drop } = await freshDatabase(kind, dataDir, { migrated: !options.prepare });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Suites log in as admin freely; second-factor.test.ts sets the roles it tests.
    MFA_REQUIRED_ROLES: '',
    // Suites move the clock by days with the same tokens; the idle-limit tests set their own.
    SESSION_IDLE_MINUTES_STAFF: '0',
    SESSION_IDLE_MINUTES_PATIENT: '0',
    ...options.env,
  });
  const database = openDatabase(databaseOptions);
  await options.prepare?.(database);
  await migrateToLatest(database);
  const clock = new ManualClock(options.now ?? '2026-03-02T08:00:00Z');
  const app = await buildApp({ config, database, clock, serveWeb: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const server: TestServer = {
    app,
    url,
    clock,
    database,
    databaseOptions,
    config,
    async request<T>(
      method: string,
      route: string,
      opts: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      const response = await fetch(url + route, { method, headers, body });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      return {
        status: response.status,
        body: (type.includes('json') && text ? JSON.parse(text) : text) as T,
        headers: response.headers,
      };
    },
    async createUser(rol, fields = {}) {
      counter += 1;
      const suffix = `${counter}${randomBytes(2).toString('hex')}`;
      const usuario = fields.usuario ?? `${rol}${suffix}`;
      const correo = fields.correo ?? `${usuario}@example.com`;
      testPasswordHash ??= hashPassword(TEST_PASSWORD);
      const contrasena_hash = await testPasswordHash;
      const now = clock.now().toISOString();
      const ids = await database.db.transaction().execute(async (trx) => {
        const id_usuario = await insertUser(trx, {
          nombre_usuario: usuario,
          correo,
          contrasena_hash,
          rol,
          nombre: fields.nombre ?? 'Nombre',
          apellido1: fields.apellido1 ?? `Apellido${suffix}`,
          creado_en: now,
        });
        let id_paciente: number | null = null;
        let id_doctor: number | null = null;
        if (rol === 'paciente') id_paciente = await insertPatient(trx, id_usuario, now.slice(0, 10));
        if (rol === 'doctor') {
          const specialty = await trx.selectFrom('especialidades').select('id_especialidad').executeTakeFirstOrThrow();
          const colegiado = String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9);
          const row = await trx
            .insertInto('doctores')
            .values({
              id_usuario,
              numero_colegiado: colegiado,
              id_especialidad: specialty.id_especialidad,
              horario: null,
              estado: 'Activo',
              fecha_alta: now.slice(0, 10),
              fecha_baja: null,
              creado_automaticamente: 0,
            })
            .returning('id_doctor')
            .executeTakeFirstOrThrow();
          id_doctor = row.id_doctor;
        }
        return { id_usuario, id_paciente, id_doctor };
      });
      const token = await sessionToken(app, {
        ...ids,
        nombre: fields.nombre ?? 'Nombre',
        nombre_usuario: usuario,
        rol,
      });
      return { ...ids, usuario, correo, rol, token };
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A database for a test server: a copy of the migrated template (migrated-copies.ts), or, for the
 * tests that run something before the migrations, an empty one (a file, or a PostgreSQL schema).
 */
async function freshDatabase(
  kind: DialectName,
  dataDir: string,
  { migrated }: { migrated: boolean },
): Promise<{ databaseOptions: DatabaseOptions; drop?: () => Promise<void> }> {
  const baseUrl = kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!baseUrl) {
    if (migrated) await copyMigratedSqlite(dataDir);
    return { databaseOptions: { dataDir } };
  }
  if (migrated) {
    const { databaseUrl, drop } = await createMigratedPostgres(baseUrl);
    return { databaseOptions: { databaseUrl, dataDir, poolSize: 5 }, drop };
  }
  const created = await createPostgresSchema(baseUrl);
  return { databaseOptions: { databaseUrl: baseUrl, dataDir, schema: created.schema, poolSize: 5 }, drop: () => created.drop() };
}

/**
 * A test server for a describe block: started before its tests, closed after. The returned object
 * is filled in by beforeAll, so read its fields inside tests only.
 */
export function useTestServer(kind: DialectName, options: TestServerOptions = {}): TestServer {
  const handle = {} as TestServer;
  beforeAll(async () => {
    Object.assign(handle, await startTestServer(kind, options));
  }, 60_000);
  // A sweep of notices a test set off would otherwise go on into the next test and send what that
  // test has just set up (a reminder due now) before the change under test reaches it.
  afterEach(async () => {
    await handle.app?.mailer.settled();
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}
