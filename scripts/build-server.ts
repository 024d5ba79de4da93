// Compiles the server (server/ and contracts/, tests aside) with tsc into .build/server
// (tsconfig.build.json); `npm start` runs that output with plain node. `npm run build:server`
// always compiles; prestart, the benchmarks and the tests that start the server as a process call
// buildServerIfStale(), which compiles only when a source changed since the last build.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = path.join(ROOT, '.build/server');
/** What `npm start` runs. */
export const SERVER_ENTRY = path.join(BUILD_DIR, 'server/main.js');
const SOURCES = ['server', 'contracts', 'tsconfig.build.json'];
// Written after a whole build, dated when that build began: a source saved during the build is newer.
const STAMP = path.join(BUILD_DIR, '.built');
// Test files may run in parallel: one compiles while the others wait for it.
const LOCK = path.join(ROOT, '.build/server.lock');
const LOCK_GIVEN_UP_MS = 5 * 60_000;

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The build's sources (files and folders: a deleted file changes its folder) newer than the last build? */
export function serverBuildIsStale(): boolean {
  let builtAt: number;
  try {
    builtAt = fs.statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  const newerThanBuild = (file: string) => fs.statSync(file).mtimeMs > builtAt;
  for (const source of SOURCES) {
    const full = path.join(ROOT, source);
    if (newerThanBuild(full)) return true;
    if (!fs.statSync(full).isDirectory()) continue;
    for (const entry of fs.readdirSync(full, { recursive: true, encoding: 'utf8' })) {
      if (entry.endsWith('.test.ts')) continue;
      if (newerThanBuild(path.join(full, entry))) return true;
    }
  }
  return false;
}

/** Compiles the server; tsc only type-checks with `npm run typecheck`, so a build takes seconds. */
export async function buildServer(): Promise<void> {
  const began = new Date();
  fs.rmSync(STAMP, { force: true });
  await promisify(execFile)(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--noCheck'], {
    cwd: ROOT,
  }).catch((error: Error & { stdout?: string }) => {
    throw new Error(`Compiling the server failed:\n${error.stdout ?? error.message}`);
  });
  fs.writeFileSync(STAMP, '');
  fs.utimesSync(STAMP, began, began);
}

let ensured: Promise<void> | undefined;

/** Compiles the server when a source is newer than the last build; once per process. */
export function buildServerIfStale(): Promise<void> {
  ensured ??= underLock(async () => {
    if (serverBuildIsStale()) await buildServer();
  });
  return ensured;
}

async function underLock(work: () => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock left by a process that died mid-build.
      if (Date.now() - lockedSince() > LOCK_GIVEN_UP_MS) fs.rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

function lockedSince(): number {
  try {
    return fs.statSync(LOCK).mtimeMs;
  } catch {
    return Date.now();
  }
}

if (import.meta.main) {
  const always = process.argv.includes('--always');
  if (always || serverBuildIsStale()) {
    console.log('Compiling the server…');
    if (always) await underLock(buildServer);
    else await buildServerIfStale();
  }
}
