// What the API benchmarks (api.ts, ab.ts) share: Galeno started as `npm start` starts it, the
// clinic bench:api seeds, waiting for a server and logging in to it.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The password seed:large gives every account of the clinic it generates. */
export const BENCH_PASSWORD = 'Bench1234!';

/** `npm start`'s own command line in a checkout (package.json), so the server measured is the one that runs. */
export function startScriptOf(dir = '.'): string {
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
}

/**
 * What npm's prestart does before that command line in a checkout, the web build aside: compile
 * the server. A checkout from before the compiled build wrote type-stripped copies instead.
 */
export function compileServerIn(dir = '.'): void {
  const script = ['scripts/build-server.ts', 'scripts/build-server-js.ts'].find((file) => fs.existsSync(path.join(dir, file)));
  if (script) execFileSync(process.execPath, [script], { cwd: dir, stdio: 'ignore' });
}

/** The PostgreSQL schema that holds bench:api's clinic of `size` patients. */
export function benchSchema(size: number): string {
  return `bench_${size}`;
}

/** A connection URL to that schema. */
export function benchSchemaUrl(base: string, size: number): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${benchSchema(size)}`);
  return url.toString();
}

export async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export async function login(base: string, usuario: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usuario, contrasena: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`log-in of ${usuario}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
