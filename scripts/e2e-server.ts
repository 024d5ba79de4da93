// Starts the real server for the browser tests, compiled and run with plain node as `npm start`
// runs it, on a fresh database: an empty data folder, or a new PostgreSQL schema when run with
// --db postgres (TEST_DATABASE_URL).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { buildServerIfStale, SERVER_ENTRY } from './build-server.ts';
import { e2eDataDir } from './e2e-data-dir.ts';

const kind = process.argv.includes('postgres') ? 'postgres' : 'sqlite';
const port = process.env.PORT ?? '4173';
const dataDir = e2eDataDir(kind, port);
fs.rmSync(dataDir, { recursive: true, force: true });

// No SMTP: e-mails go to DATA_DIR/outbox, where journeys read them; links point at this server.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Every journey signs up, logs in and books from this one loopback address; the per-address limits
  // have their own API tests.
  SIGNUPS_PER_HOUR_PER_ADDRESS: '100000',
  CONTACT_PER_HOUR_PER_ADDRESS: '100000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  MAX_ACTIVE_VISITS_PER_SIGNUP_ADDRESS: '100000',
  MAX_VISITS_PER_DAY_NEW_ACCOUNTS_PER_ADDRESS: '100000',
  // The journeys log in as the demo admin without a second factor; second-factor.spec.ts enrols
  // an account of its own, and the API tests cover the required roles.
  MFA_REQUIRED_ROLES: process.env.MFA_REQUIRED_ROLES ?? '',
};
delete env.SMTP_URL;
if (kind === 'postgres') {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL browser run');
  const schema = `e2e_${port}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.query(`create schema ${schema}`);
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  env.DATABASE_URL = withSchema.toString();
}

await buildServerIfStale();
const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
