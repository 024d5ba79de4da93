// npm run bench:ab -- --base REV [--db postgres|sqlite] [--size 1000] [--scenario search] [--requests 3000]
// Compares the working tree (B) with an earlier commit (A) on one read, interleaved: both servers
// run at once on the clinic that `npm run bench:api` seeded (bench-results/), and blocks of
// sequential requests alternate between them (A B, then B A, …), so the machine's drift falls on
// both alike. It reports, per request, the wall time, each server's CPU and, on PostgreSQL, the CPU
// of that server's own database connections (told apart by application_name). On this shared
// machine a difference under a few percent between two runs of `bench:api` is noise; this measure
// shows differences of that size.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { benchSchemaUrl, compileServerIn, login, startScriptOf, waitFor } from './galeno-server.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    db: { type: 'string', default: 'postgres' },
    size: { type: 'string', default: '1000' },
    scenario: { type: 'string', default: 'search' },
    requests: { type: 'string', default: '3000' },
  },
});
if (!values.base) {
  console.error('--base REV is required: the commit the working tree is compared with');
  process.exit(2);
}
const kind = values.db === 'sqlite' ? 'sqlite' : 'postgres';
const size = Number(values.size);
const requests = Number(values.requests);
const BLOCK = 100;
const FRAGMENTS = ['gar', 'mar', 'lop', 'jose', 'ana', 'pui', 'nun', 'ferr', 'sol', 'ibañ'];

/** The reads bench:api measures, as one request each: who asks, and what (i numbers the request). */
const scenarios: Record<string, { user: string; path: (i: number) => string }> = {
  search: {
    user: 'admin',
    path: (i) => `/api/pacientes?buscar=${encodeURIComponent(FRAGMENTS[i % FRAGMENTS.length]!)}`,
  },
  availability: { user: 'paciente1', path: (i) => `/api/citas/agenda-disponible/${1 + (i % 20)}?dias=7` },
  history: { user: 'paciente1', path: () => '/api/paciente/historial' },
  day: {
    user: 'doctor1',
    path: (i) => `/api/agenda?fecha=${new Date(Date.now() + ((i % 20) - 10) * 86400000).toISOString().slice(0, 10)}`,
  },
  users: { user: 'admin', path: (i) => `/api/usuarios?pagina=${1 + (i % 20)}&por_pagina=50` },
  // The desk's box: a name fragment, then the start of a seeded patient's e-mail, in turns.
  desk: {
    user: 'admin',
    path: (i) =>
      `/api/recepcion/pacientes?por_pagina=20&buscar=${encodeURIComponent(i % 2 === 0 ? FRAGMENTS[(i / 2) % FRAGMENTS.length]! : `paciente${2 + ((i * 7919) % size)}`.slice(0, 11))}`,
  },
};
const scenario = scenarios[values.scenario];
if (!scenario) {
  console.error(`--scenario is one of ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}

const dataDir = path.resolve('bench-results', `data-${kind}-${size}`);
if (!fs.existsSync(path.resolve('bench-results', `seeded-${kind}-${size}.json`))) {
  console.error(
    `No clinic of ${size} patients on ${kind} in bench-results/: run npm run bench:api -- --db ${kind} --sizes ${size} first`,
  );
  process.exit(2);
}
let databaseUrl: string | undefined;
if (kind === 'postgres') {
  const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) throw new Error('--db postgres needs TEST_DATABASE_URL or DATABASE_URL');
  databaseUrl = benchSchemaUrl(base, size);
}

/** Processor time a process has used, in ms (Linux /proc; USER_HZ is 100). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // a connection closed meanwhile
  }
}

/** A checkout of `rev` beside this one, sharing its node_modules, with its server compiled as its prestart would. */
function checkoutOf(rev: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-ab-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', dir, rev]);
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  compileServerIn(dir);
  return dir;
}

interface Variant {
  label: string;
  child: ChildProcess;
  base: string;
  token: string;
  wallMs: number;
  serverMs: number;
  databaseMs: number;
}

async function start(label: string, dir: string, port: number): Promise<Variant> {
  const child = spawn('sh', ['-c', startScriptOf(dir)], {
    cwd: dir,
    env: {
      ...process.env,
      PGAPPNAME: `galeno_ab_${label}`,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      MFA_REQUIRED_ROLES: '',
      NODE_ENV: 'production',
      // Only the requests measured: no background work in either server.
      REMINDER_POLL_SECONDS: '0',
      WAITLIST_POLL_SECONDS: '0',
      AGENDA_FILL_POLL_SECONDS: '0',
      // One account searches at the desk thousands of times a minute.
      DESK_SEARCHES_PER_MINUTE: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child);
  const token = await login(base, scenario!.user);
  return { label, child, base, token, wallMs: 0, serverMs: 0, databaseMs: 0 };
}

const checkout = checkoutOf(values.base);
const admin = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await admin?.connect();
const databaseCpuMs = async (variant: Variant) => {
  if (!admin) return 0;
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [
    `galeno_ab_${variant.label}`,
  ]);
  return rows.reduce((total, row) => total + cpuMs(row.pid), 0);
};
const variants: Variant[] = [];
try {
  // The working tree's server too, as its prestart would (a stale build would measure the code before).
  compileServerIn();
  variants.push(await start('A', checkout, 4851), await start('B', process.cwd(), 4852));
  const ask = async (variant: Variant, i: number) => {
    const response = await fetch(variant.base + scenario.path(i), {
      headers: { authorization: `Bearer ${variant.token}` },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${variant.label}: ${scenario.path(i)} answered ${response.status}`);
  };
  // Warm-up: plans, caches and the JIT of both.
  for (let i = 0; i < 300; i++) for (const variant of variants) await ask(variant, i);
  for (let done = 0; done < requests; done += BLOCK) {
    const order = (done / BLOCK) % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      const [server, database, wall] = [cpuMs(variant.child.pid!), await databaseCpuMs(variant), performance.now()];
      for (let i = 0; i < BLOCK; i++) await ask(variant, done + i);
      variant.wallMs += performance.now() - wall;
      variant.serverMs += cpuMs(variant.child.pid!) - server;
      variant.databaseMs += (await databaseCpuMs(variant)) - database;
    }
  }
  // On SQLite the database runs inside the server: its CPU is the server's.
  const perRequest = (ms: number, database = false) =>
    (database && kind === 'sqlite' ? '-' : (ms / requests).toFixed(3)).padStart(7);
  const [a, b] = variants as [Variant, Variant];
  const ratio = (x: number, y: number) => `${((y / Math.max(x, 1e-9)) * 100).toFixed(0)}%`.padStart(7);
  console.log(
    `\n${values.scenario}, ${kind}, ${size} patients, ${requests} requests each, interleaved in blocks of ${BLOCK}`,
  );
  console.log('                   | ms/request | server CPU ms | database CPU ms');
  console.log(
    `A ${values.base.slice(0, 15).padEnd(16)} |    ${perRequest(a.wallMs)} |       ${perRequest(a.serverMs)} |         ${perRequest(a.databaseMs, true)}`,
  );
  console.log(
    `B working tree     |    ${perRequest(b.wallMs)} |       ${perRequest(b.serverMs)} |         ${perRequest(b.databaseMs, true)}`,
  );
  console.log(
    `B / A              |    ${ratio(a.wallMs, b.wallMs)} |       ${ratio(a.serverMs, b.serverMs)} |         ${kind === 'postgres' ? ratio(a.databaseMs, b.databaseMs) : '      -'}`,
  );
} finally {
  for (const variant of variants) {
    variant.child.kill('SIGTERM');
    await new Promise((r) => (variant.child.exitCode !== null ? r(null) : variant.child.once('exit', r)));
  }
  await admin?.end();
  execFileSync('git', ['worktree', 'remove', '--force', checkout]);
}
