import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../db/index.ts';

// Every test server starts on a database at the latest schema. Replaying all the migrations took
// 0.2-0.7 s on SQLite and about 1.5 s on PostgreSQL, for each of the hundred-odd servers a run
// starts: most of the PostgreSQL half's time. Instead the migrations run once, into a template, and
// each server gets a copy of it: the SQLite file copied, a PostgreSQL database created from the
// template database (CREATE DATABASE … TEMPLATE). The copies are the same database the migrations
// make; the migration tests still migrate empty databases of their own (empty-database.ts).

const SQLITE_FILE = 'galeno.sqlite';
let sqliteTemplate: Promise<string> | undefined;

/** Puts a migrated SQLite database in `dataDir`, where openDatabase({ dataDir }) finds it. */
export async function copyMigratedSqlite(dataDir: string): Promise<void> {
  sqliteTemplate ??= (async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-template-'));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    const database = openDatabase({ dataDir: folder });
    await migrateToLatest(database);
    // Closing the last connection folds the write-ahead log into the file: the file is the database.
    await database.close();
    return path.join(folder, SQLITE_FILE);
  })();
  fs.copyFileSync(await sqliteTemplate, path.join(dataDir, SQLITE_FILE));
}

/**
 * The template's name says what made it (the migrations, which import nothing from outside their
 * folder, and the code that runs them), so a template is made once and then serves every run on
 * this PostgreSQL, and a changed migration gets a new one.
 */
function templateName(): string {
  const db = path.join(import.meta.dirname, '../db');
  const migrations = fs.readdirSync(path.join(db, 'migrations')).sort();
  const files = [path.join(db, 'index.ts'), ...migrations.map((file) => path.join(db, 'migrations', file))];
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.basename(file)).update(fs.readFileSync(file));
  return `galeno_template_${hash.digest('hex').slice(0, 16)}`;
}

const withDatabase = (url: string, database: string) => {
  const copy = new URL(url);
  copy.pathname = `/${database}`;
  return copy.toString();
};

/** Runs `work` on a connection of its own to the PostgreSQL server `baseUrl` names, then closes it. */
export async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

async function ensurePostgresTemplate(baseUrl: string): Promise<string> {
  const name = templateName();
  await onServer(baseUrl, async (client) => {
    // One process makes it; the others wait here and then find it.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      await sweepAbandonedCopies(client);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      // Migrated under another name and renamed when done: a run stopped halfway leaves no template.
      const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
      await client.query(`create database ${building}`);
      const database = openDatabase({ databaseUrl: withDatabase(baseUrl, building), dataDir: os.tmpdir() });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
      // Nobody connects to a template: a connection would stop every copy being made from it.
      await client.query(`alter database ${name} with is_template true allow_connections false`);
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/**
 * A new PostgreSQL database at the latest schema, on the server `baseUrl` names: its connection
 * string, and how to drop it.
 */
export async function createMigratedPostgres(baseUrl: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  postgresTemplate ??= ensurePostgresTemplate(baseUrl);
  const template = await postgresTemplate;
  const name = `galeno_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(baseUrl, (client) => client.query(`create database ${name} template ${template}`));
  return { databaseUrl: withDatabase(baseUrl, name), drop: () => dropWhenLeft(baseUrl, name) };
}

const IN_USE = '55006';

/**
 * Drops a copy once its connections have gone. A closed pool's connections take a moment to leave;
 * ending them by force instead (WITH (FORCE)) would fail a client still saying goodbye. One a test
 * forgot to close keeps its copy until a later run sweeps it (sweepAbandonedCopies).
 */
async function dropWhenLeft(baseUrl: string, name: string): Promise<void> {
  await onServer(baseUrl, async (client) => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      try {
        await client.query(`drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== IN_USE) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
}

/** Drops the copies of test processes that have ended (killed, or with a connection left open). */
async function sweepAbandonedCopies(client: pg.Client): Promise<void> {
  const copies = await client.query<{ datname: string }>("select datname from pg_database where datname like 'galeno\\_t\\_%'");
  for (const { datname } of copies.rows) {
    const pid = Number(datname.split('_')[2]);
    if (Number.isInteger(pid) && pid !== process.pid && !processRuns(pid)) {
      await client.query(`drop database if exists ${datname} with (force)`);
    }
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}
