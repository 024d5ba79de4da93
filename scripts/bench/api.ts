// npm run bench:api -- [--db sqlite|postgres] [--sizes 1000,100000] [--duration 10] [--connections 50] [--days 365] [--reuse]
//   [--only booking,'patient search'] (measure some scenarios only, as when re-measuring one fix)
//   [--rate 200] (then each scenario again at that steady rate, open loop; 0 skips it)
//   [--soak 600] (then a mix of reads at that rate for so many seconds, the server's memory sampled)
// Seeds a fresh clinic of each size, starts the real server and a bare Fastify server (the machine's
// ceiling), drives both with autocannon, and prints a table (also written to bench-results/).
// For the availability and patient-history scenarios it also drives a minimal Fastify server on the
// same database doing the same work (same-work-server.ts): the ceiling for those reads. Before each
// scenario it waits for the server to be idle for a second (the notices of a run of bookings are
// sent afterwards), and says so when it had to wait.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { DatabaseSync } from 'node:sqlite';
import { atSteadyRate, soak, type SoakResult, type SteadyRateResult } from './open-loop.ts';
import { BENCH_PASSWORD, benchSchema, benchSchemaUrl, compileServerIn, login, startScriptOf, waitFor } from './galeno-server.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    sizes: { type: 'string', default: '1000,100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    doctors: { type: 'string' },
    days: { type: 'string', default: '365' },
    // Keeps a clinic seeded by an earlier run with the same sizes (re-measuring after a fix).
    reuse: { type: 'boolean', default: false },
    only: { type: 'string' },
    rate: { type: 'string', default: '200' },
    soak: { type: 'string', default: '0' },
  },
});
const steadyRate = Number(values.rate);
const soakSeconds = Number(values.soak);
const kind = values.db === 'postgres' ? 'postgres' : 'sqlite';
const sizes = values.sizes.split(',').map(Number);
const duration = Number(values.duration);
const connections = Number(values.connections);
const only = values.only?.split(',').map((name) => name.trim());
const chosen = (scenario: string) => !only || only.includes(scenario);
const root = path.resolve('bench-results');
fs.mkdirSync(root, { recursive: true });

interface Figures {
  scenario: string;
  size: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
  memoryMb: number;
  /** The same-work server's figures for this scenario, when it has one. */
  sameWork?: { reqPerSec: number; p99: number; errors: number; non2xx: number; memoryMb: number };
  /** The same requests at a steady rate (open loop), when --rate is not 0. */
  steady?: SteadyRateResult;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/** Starts a new peak for peakMemoryMb (Linux: clear_refs 5 resets VmHWM to the current RSS). */
function resetPeakMemory(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not Linux, or not allowed: the peak then covers the whole run */
  }
}

function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Processor time a process has used, in ms (Linux /proc; USER_HZ is 100). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A second of the server's processor time under this is idle (its workers' polls aside). */
const IDLE_MS_PER_SECOND = 50;

/**
 * Waits, at most `limitMs`, until the server has spent a whole second nearly idle, and says how long
 * that took. A scenario leaves work behind (after thousands of bookings, the notices worker sends
 * their e-mails for tens of seconds): measured in the next scenario's time, it counted against a
 * read that had nothing to do with it.
 */
async function settle(pid: number | undefined, limitMs = 180_000): Promise<number> {
  if (!pid) return 0;
  const started = performance.now();
  let before = cpuMs(pid);
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    if (now - before < IDLE_MS_PER_SECOND) break;
    before = now;
  }
  return (performance.now() - started) / 1000;
}

/** Settles the server before a scenario, saying so when it was still busy with an earlier one. */
async function settleBefore(pid: number | undefined, scenario: string) {
  const seconds = await settle(pid);
  if (seconds > 2.5) console.log(`  (the server was busy for ${seconds.toFixed(0)} s before ${scenario}: work left by the scenario before)`);
}

async function cannon(url: string, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, ...options });
}

// autocannon's own merge of runs made with `skipAggregateResult` (its types leave it out).
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(this: void, results: autocannon.Result[], options: Partial<autocannon.Options>): autocannon.Result;
};

/**
 * One scenario on two servers in turns of about two seconds each (A B, B A, A B, …), `duration`
 * seconds each in all, each server's turns merged into one result. On this shared machine the
 * speed drifts by tens of percent within a minute; figures compared as a ratio must share it.
 */
async function cannonInTurns(urls: [string, string], options: Partial<autocannon.Options>) {
  const turns = Math.max(1, Math.floor(duration / 2));
  const runs: [autocannon.Result[], autocannon.Result[]] = [[], []];
  for (let turn = 0; turn < turns; turn++) {
    for (const which of turn % 2 === 0 ? [0, 1] : [1, 0]) {
      const url = urls[which]!;
      runs[which]!.push(await autocannon({ url, connections, duration: duration / turns, skipAggregateResult: true, ...options }));
    }
  }
  return runs.map((results, which) => {
    const merged = aggregateResult(results, { url: urls[which], connections });
    // Its requests a second come from samples it is not given here: all the turns' requests over all their time.
    const raw = results as unknown as { totalCompletedRequests: number; duration: number }[];
    const seconds = raw.reduce((sum, turn) => sum + turn.duration, 0);
    merged.requests.average = raw.reduce((sum, turn) => sum + turn.totalCompletedRequests, 0) / seconds;
    return merged;
  }) as [autocannon.Result, autocannon.Result];
}

const startScript = startScriptOf();
compileServerIn();

/** Fewer free future slots than this and a reused clinic is seeded again (booking would run dry). */
const MIN_FREE_SLOTS = 20_000;

/**
 * A reused clinic carries the dead rows of the runs before it (every booking settles its notices,
 * every request touches its session). A production PostgreSQL's autovacuum clears them; a server
 * with it off (as on some CI machines) would have each run measure the last one's leftovers.
 */
async function vacuumIfNoAutovacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
    if (rows[0]?.autovacuum === 'on') return;
    const started = performance.now();
    await client.query('vacuum analyze');
    console.log(`  autovacuum is off on this server: vacuumed the clinic as it would have (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await client.end();
  }
}

async function prepareDatabase(size: number, doctors: number): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  const dataDir = path.join(root, `data-${kind}-${size}`);
  const marker = path.join(root, `seeded-${kind}-${size}.json`);
  const seeded = JSON.stringify({ size, doctors, days: values.days });
  const reuse = values.reuse && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === seeded;
  if (!reuse) {
    fs.rmSync(marker, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  env.DATA_DIR = dataDir;
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!base) throw new Error('--db postgres needs TEST_DATABASE_URL or DATABASE_URL');
    const schema = benchSchema(size);
    if (!reuse) {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.query(`create schema ${schema}`);
      await client.end();
    }
    env.DATABASE_URL = benchSchemaUrl(base, size);
  }
  if (reuse) {
    // Each run books thousands of future slots; a clinic reused often enough has none left.
    const left = (await freeSlots(env, MIN_FREE_SLOTS)).length;
    if (left < MIN_FREE_SLOTS) {
      console.log(
        `\nThe clinic of ${size} patients seeded by an earlier run has only ${left} free slots left: seeding again`,
      );
      fs.rmSync(marker);
      return prepareDatabase(size, doctors);
    }
    console.log(`\nReusing the clinic of ${size} patients, ${doctors} doctors (${kind}) seeded by an earlier run`);
    if (kind === 'postgres') await vacuumIfNoAutovacuum(env.DATABASE_URL as string);
    return env;
  }
  console.log(`\nSeeding ${size} patients, ${doctors} doctors, ${values.days} days (${kind})…`);
  await run(
    process.execPath,
    [
      'scripts/seed-large.ts',
      '--patients',
      String(size),
      '--doctors',
      String(doctors),
      '--days',
      values.days,
      '--data-dir',
      dataDir,
    ],
    env,
  );
  fs.writeFileSync(marker, seeded);
  return env;
}

/** Future free slots, for the booking scenario (each booked once). */
async function freeSlots(env: NodeJS.ProcessEnv, limit: number) {
  const sql = `select id_doctor, fecha, hora_inicio from agenda where estado = 'Disponible' and fecha > '${new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10)}' order by fecha, id_doctor, hora_inicio limit ${limit}`;
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const rows = (await client.query(sql)).rows as { id_doctor: number; fecha: string; hora_inicio: string }[];
    await client.end();
    return rows;
  }
  const database = new DatabaseSync(path.join(env.DATA_DIR ?? '', 'galeno.sqlite'), { readOnly: true });
  const rows = database.prepare(sql).all() as unknown as { id_doctor: number; fecha: string; hora_inicio: string }[];
  database.close();
  return rows;
}

/** Patients who book in the booking scenario (a run of them from paciente21 onwards). */
const BOOKERS = 100;

const FRAGMENTS = ['gar', 'mar', 'lop', 'jose', 'ana', 'pui', 'nun', 'ferr', 'sol', 'ibañ'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;

/**
 * One search as the desk types it, over the seeded patients (server/db/seed/large.ts): a name
 * fragment, the start of a phone number, of a DNI or of an e-mail, or a whole birth date.
 */
function deskTerm(size: number): string {
  const id = 2 + Math.floor(Math.random() * size);
  const phone = `6${String(10_000_000 + id).slice(-8)}`;
  const day = new Date(Date.UTC(1930, 0, 1) + ((id * 7919) % (90 * 365)) * 86_400_000);
  const kinds = [
    () => pick(FRAGMENTS),
    () => `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 7)}`,
    () => String(id).padStart(8, '0').slice(0, 7),
    () => `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`,
    () => `paciente${id}`.slice(0, 11),
  ];
  return pick(kinds)();
}

async function measureSize(
  size: number,
  bareRps: number,
): Promise<{ figures: Figures[]; memoryMb: number; soaked?: SoakResult }> {
  const doctors = Number(values.doctors ?? (size >= 10_000 ? 200 : 20));
  const env = await prepareDatabase(size, doctors);
  const port = 4900 + (size % 97);
  const base = `http://127.0.0.1:${port}`;
  // As npm runs it: `sh -c`, whose `exec` makes the server this very process (its pid is measured).
  const server = spawn('sh', ['-c', startScript], {
    env: {
      ...env,
      PORT: String(port),
      DEMO_DATA: 'false',
      LOGIN_MAX_PER_MINUTE_PER_ADDRESS: '10000000',
      LOGIN_MAX_FAILURES: '1000000',
      // One account drives the desk's search at hundreds a second.
      DESK_SEARCHES_PER_MINUTE: '10000000',
      // The bench measures the admin's endpoints with a password log-in.
      MFA_REQUIRED_ROLES: '',
      // The seeded patients already hold several future visits each: with the clinic's caps
      // almost every booking would be measured as a 409 refusal instead of a booking.
      MAX_ACTIVE_VISITS_PER_PATIENT: '1000000',
      MAX_VISITS_PER_DOCTOR_DAY: '1000000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const sameWorkPort = 5100 + (size % 97);
  const sameWorkBase = `http://127.0.0.1:${sameWorkPort}`;
  let sameWork: ChildProcess | undefined;
  let serverStopped = false;
  const stopServer = async () => {
    if (serverStopped) return;
    serverStopped = true;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  try {
    await waitFor(`${base}/api/health`, server);
    // After Galeno: on a fresh data folder Galeno generates the token secret both servers read.
    sameWork = spawn(process.execPath, ['scripts/bench/same-work-server.ts'], {
      env: { ...env, PORT: String(sameWorkPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${sameWorkBase}/api/health`, sameWork);
    const admin = await login(base, 'admin');
    const doctor = await login(base, 'doctor1');
    const patients = await Promise.all(Array.from({ length: 20 }, (_, i) => login(base, `paciente${i + 1}`)));
    // Bookings are spread over more patients, a different hundred each run: with the caps lifted,
    // 20 patients gained hundreds of visits each run, which no capped patient can hold, and each
    // booking counts the patient's visits.
    const firstBooker = 21 + Math.floor(Math.random() * (size - 20 - BOOKERS));
    const bookers = await Promise.all(
      Array.from({ length: BOOKERS }, (_, i) => login(base, `paciente${firstBooker + i}`)),
    );
    const slots = await freeSlots(env, 200_000);
    let nextSlot = 0;
    const days = Array.from({ length: 20 }, (_, i) =>
      new Date(Date.now() + (i - 10) * 86400000).toISOString().slice(0, 10),
    );
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    await checkSameAnswers(base, sameWorkBase, patients, doctors);

    const scenarios: { name: string; options: Partial<autocannon.Options>; sameWork?: boolean }[] = [
      {
        name: 'availability',
        sameWork: true,
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({
                ...r,
                path: `/api/citas/agenda-disponible/${1 + Math.floor(Math.random() * doctors)}?dias=7`,
                headers: auth(pick(patients)),
              }),
            },
          ],
        },
      },
      {
        name: 'booking',
        options: {
          requests: [
            {
              method: 'POST',
              setupRequest: (r) => {
                const slot = slots[nextSlot++ % slots.length];
                return {
                  ...r,
                  path: '/api/citas',
                  headers: { ...auth(pick(bookers)), 'content-type': 'application/json' },
                  body: JSON.stringify({
                    id_doctor: slot?.id_doctor,
                    fecha: slot?.fecha,
                    hora: slot?.hora_inicio,
                    motivo: 'Revisión',
                    recordatorio: false,
                  }),
                };
              },
            },
          ],
        },
      },
      {
        name: 'patient search',
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({
                ...r,
                path: `/api/pacientes?buscar=${encodeURIComponent(pick(FRAGMENTS))}`,
                headers: auth(admin),
              }),
            },
          ],
        },
      },
      {
        // What a receptionist types while a caller speaks: a name, a phone, a DNI, a birth date or an
        // e-mail (large.ts gives the generated patients each of them).
        name: 'desk search',
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({
                ...r,
                path: `/api/recepcion/pacientes?buscar=${encodeURIComponent(deskTerm(size))}&por_pagina=20`,
                headers: auth(admin),
              }),
            },
          ],
        },
      },
      {
        name: "doctor's day",
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({ ...r, path: `/api/agenda?fecha=${pick(days)}`, headers: auth(doctor) }),
            },
          ],
        },
      },
      {
        name: 'patient history',
        sameWork: true,
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({ ...r, path: '/api/paciente/historial', headers: auth(pick(patients)) }),
            },
          ],
        },
      },
      {
        name: 'user list page',
        options: {
          requests: [
            {
              method: 'GET',
              setupRequest: (r) => ({
                ...r,
                path: `/api/usuarios?pagina=${1 + Math.floor(Math.random() * 20)}&por_pagina=50`,
                headers: auth(admin),
              }),
            },
          ],
        },
      },
      {
        name: 'log-in (argon2id bound)',
        options: {
          requests: [
            {
              method: 'POST',
              setupRequest: (r) => ({
                ...r,
                path: '/api/login',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  usuario: `paciente${1 + Math.floor(Math.random() * Math.min(size, 1000))}`,
                  contrasena: BENCH_PASSWORD,
                }),
              }),
            },
          ],
        },
      },
    ];

    const figures: Figures[] = [];
    let peak = 0;
    for (const scenario of scenarios.filter((candidate) => chosen(candidate.name))) {
      await settleBefore(server.pid, scenario.name);
      if (server.pid) resetPeakMemory(server.pid);
      if (scenario.sameWork && sameWork?.pid) resetPeakMemory(sameWork.pid);
      // A scenario with a same-work reference runs on both servers in turns, the other one idle.
      const [result, reference] = scenario.sameWork
        ? await cannonInTurns([base, sameWorkBase], scenario.options)
        : [await cannon(base, scenario.options), undefined];
      const memoryMb = server.pid ? peakMemoryMb(server.pid) : 0;
      peak = Math.max(peak, memoryMb);
      figures.push({
        scenario: scenario.name,
        size,
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        ratio: Number((result.requests.average / bareRps).toFixed(3)),
        memoryMb,
        ...(reference && {
          sameWork: {
            reqPerSec: Math.round(reference.requests.average),
            p99: reference.latency.p99,
            errors: reference.errors + reference.timeouts,
            non2xx: reference.non2xx,
            memoryMb: sameWork?.pid ? peakMemoryMb(sameWork.pid) : 0,
          },
        }),
      });
      console.log(
        `  ${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}` +
          (reference ? `; same-work server: ${Math.round(reference.requests.average)} req/s, p99 ${reference.latency.p99} ms, non-2xx ${reference.non2xx}` : ''),
      );
    }
    if (steadyRate > 0) {
      for (const scenario of scenarios.filter((candidate) => chosen(candidate.name) && !candidate.name.startsWith('log-in'))) {
        await settleBefore(server.pid, `${scenario.name} at ${steadyRate} req/s`);
        const steady = await atSteadyRate(base, scenario.options, steadyRate, duration);
        const row = figures.find((f) => f.scenario === scenario.name);
        if (row) row.steady = steady;
        console.log(`  ${scenario.name} at ${steadyRate} req/s: p50 ${steady.p50} ms, p97.5 ${steady.p97_5} ms, p99 ${steady.p99} ms, non-2xx ${steady.non2xx} (sent late by the client: p99 ${steady.lateP99} ms)`);
      }
    }
    let soaked: SoakResult | undefined;
    if (soakSeconds > 0 && server.pid) {
      const reads = scenarios.filter((s) => !['booking', 'log-in (argon2id bound)'].includes(s.name));
      await settleBefore(server.pid, 'the soak');
      soaked = await soak(base, server.pid, reads.flatMap((s) => (s.options.requests ?? [])), steadyRate || 200, soakSeconds);
      console.log(`  soak: ${soakSeconds} s of reads at ${soaked.rate} req/s, p99 ${soaked.p99} ms, memory ${soaked.samples.join(' ')} MB`);
    }
    return { figures, memoryMb: peak, soaked };
  } finally {
    await stopServer();
    if (sameWork && sameWork.exitCode === null) {
      const child = sameWork;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

/**
 * The same-work server is a fair reference only if it answers what Galeno answers: the same JSON
 * (byte for byte) and total for a sample of patients and doctors, or the run stops here.
 */
async function checkSameAnswers(galeno: string, sameWork: string, patients: string[], doctors: number) {
  const paths = (i: number) => [
    `/api/citas/agenda-disponible/${1 + ((i * 7) % doctors)}?dias=7`,
    '/api/paciente/historial',
  ];
  const answer = async (base: string, url: string, token: string) => {
    const response = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    return `${response.status} ${response.headers.get('x-total-count') ?? ''} ${await response.text()}`;
  };
  for (const [i, token] of patients.slice(0, 5).entries()) {
    for (const url of paths(i)) {
      let [ours, theirs] = [await answer(galeno, url, token), await answer(sameWork, url, token)];
      // A slot can turn past between the two requests (the minute changed): ask once more.
      if (ours !== theirs) [ours, theirs] = [await answer(galeno, url, token), await answer(sameWork, url, token)];
      if (ours !== theirs) {
        throw new Error(`the same-work server answers ${url} differently:\n  Galeno:    ${ours.slice(0, 300)}\n  same-work: ${theirs.slice(0, 300)}`);
      }
      if (!ours.startsWith('200 ')) throw new Error(`${url} answered ${ours.slice(0, 200)}`);
    }
  }
  console.log('  the same-work server answers as Galeno does (availability, history: same JSON and total)');
}

const barePort = 4899;
const bare = spawn(process.execPath, ['scripts/bench/bare-server.ts'], {
  env: { ...process.env, PORT: String(barePort) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitFor(`http://127.0.0.1:${barePort}/`, bare);
const bareResult = await cannon(`http://127.0.0.1:${barePort}/api/health`, {});
bare.kill('SIGTERM');
const bareRps = bareResult.requests.average;
console.log(`Bare Fastify ceiling: ${Math.round(bareRps)} req/s (p99 ${bareResult.latency.p99} ms)`);

const all: Figures[] = [];
const memory: Record<number, number> = {};
const soaks: Record<number, SoakResult> = {};
// The machine is shared: the 1-minute load average around each size says how far to trust it.
const load: Record<number, string> = {};
const loadNow = () => os.loadavg()[0]!.toFixed(1);
for (const size of sizes) {
  const before = loadNow();
  const { figures, memoryMb, soaked } = await measureSize(size, bareRps);
  all.push(...figures);
  if (soaked) soaks[size] = soaked;
  memory[size] = memoryMb;
  load[size] = `${before} → ${loadNow()}`;
}

const smallest = Math.min(...sizes);
const largest = Math.max(...sizes);
const lines = [
  `\nGaleno API benchmark (${kind}, ${connections} connections, ${duration} s each; bare server ${Math.round(bareRps)} req/s)`,
];
lines.push(
  'scenario                  | patients | req/s | p50 ms | p99 ms | errors | non-2xx | vs bare | same-work req/s | vs same work | vs small | peak MB',
);
for (const f of all) {
  const small = all.find((g) => g.scenario === f.scenario && g.size === smallest);
  const growth =
    small && f.size === largest && largest !== smallest
      ? (small.reqPerSec / Math.max(1, f.reqPerSec)).toFixed(2) + 'x'
      : '';
  lines.push(
    `${f.scenario.padEnd(25)} | ${String(f.size).padStart(8)} | ${String(f.reqPerSec).padStart(5)} | ${String(f.p50).padStart(6)} | ${String(f.p99).padStart(6)} | ${String(f.errors).padStart(6)} | ${String(f.non2xx).padStart(7)} | ${(f.ratio * 100).toFixed(0).padStart(6)}% | ${(f.sameWork ? String(f.sameWork.reqPerSec) : '').padStart(15)} | ${(f.sameWork ? `${((f.reqPerSec / Math.max(1, f.sameWork.reqPerSec)) * 100).toFixed(0)}%` : '').padStart(12)} | ${growth.padStart(8)} | ${String(f.memoryMb).padStart(7)}`,
  );
}
const sameWorkNotes = all
  .filter((f) => f.sameWork)
  .map((f) => `${f.scenario} ${f.size}: p99 ${f.sameWork?.p99} ms, errors ${f.sameWork?.errors}, non-2xx ${f.sameWork?.non2xx}, peak ${f.sameWork?.memoryMb} MB`);
if (sameWorkNotes.length > 0) lines.push(`same-work server (scripts/bench/same-work-server.ts): ${sameWorkNotes.join('; ')}`);
const steadyRows = all.filter((f) => f.steady);
if (steadyRows.length > 0) {
  lines.push(`\nAt a steady ${steadyRate} req/s (open loop, ${duration} s each)`);
  lines.push('scenario                  | patients | sent | p50 ms | p99 ms | errors | non-2xx');
  for (const f of steadyRows) {
    const steady = f.steady!;
    lines.push(
      `${f.scenario.padEnd(25)} | ${String(f.size).padStart(8)} | ${String(steady.sent).padStart(4)} | ${String(steady.p50).padStart(6)} | ${String(steady.p99).padStart(6)} | ${String(steady.errors).padStart(6)} | ${String(steady.non2xx).padStart(7)}`,
    );
  }
}
for (const [size, soaked] of Object.entries(soaks)) {
  lines.push(
    `soak at ${size} patients: ${soakSeconds} s of reads at ${soaked.rate} req/s, p99 ${soaked.p99} ms, errors ${soaked.errors}, ` +
      `memory second minute ${soaked.firstMinuteMb} MB, last minute ${soaked.lastMinuteMb} MB: ${soaked.flat ? 'flat' : 'GROWING'}`,
  );
}
lines.push(
  `peak server memory: ${Object.entries(memory)
    .map(([size, mb]) => `${size} patients ${mb} MB`)
    .join(', ')}`,
);
lines.push(
  `load average (1 min, ${os.cpus().length} CPUs): ${Object.entries(load)
    .map(([size, range]) => `${size} patients ${range}`)
    .join(', ')}`,
);
console.log(lines.join('\n'));
const file = path.join(root, `api-${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    { kind, connections, duration, days: values.days, bareRps, figures: all, memoryMb: memory, soaks, loadAverage: load },
    null,
    2,
  ),
);
console.log(`written to ${file}`);
