import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, SERVER_ENTRY } from '../../scripts/build-server.ts';
import { onServer } from './migrated-copies.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Node keeps V8's compiled code for the modules here, so the many restarts of a test start sooner
// on a busy machine; an entry it cannot trust it simply compiles again.
const compileCache = path.join(os.tmpdir(), 'galeno-test-compile-cache');

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended, however (created at spawn, so an early exit is not missed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it printed on stdout and stderr so far. */
  output(): string;
}

/**
 * Starts the compiled server with plain node as `npm start` does (compiling it first if a source
 * changed), with this environment only (plus PATH), on a free port; resolves once it says it is ready.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  await buildServerIfStale();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'error', NODE_COMPILE_CACHE: compileCache, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
  return { url, child, exited, output: () => output };
}

/** Kills the process (SIGKILL unless told otherwise) and waits until it is gone. */
export async function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/**
 * A fresh schema in the PostgreSQL of TEST_DATABASE_URL, and a DATABASE_URL that puts a server in
 * it (search_path in the connection options). drop() removes it.
 */
export async function createPostgresSchema(baseUrl: string): Promise<{ schema: string; databaseUrl: string; drop(): Promise<void> }> {
  const schema = `p_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = (statement: string) => onServer(baseUrl, (client) => client.query(statement)).then(() => undefined);
  await run(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, databaseUrl: url.toString(), drop: () => run(`drop schema if exists ${schema} cascade`) };
}

export interface HttpAnswer<T> {
  status: number;
  body: T;
}

/** One JSON request; rejects when no complete answer arrives (the server died mid-request). */
export async function callJson<T = unknown>(
  url: string,
  method: string,
  route: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer<T>> {
  const response = await fetch(url + route, {
    method,
    headers: {
      ...options.headers,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function logIn(url: string, usuario: string, contrasena: string): Promise<string> {
  const answer = await callJson<{ access_token: string; detail?: string }>(url, 'POST', '/api/login', { body: { usuario, contrasena } });
  if (answer.status !== 200) throw new Error(`log-in of ${usuario} answered ${answer.status}: ${answer.body.detail}`);
  return answer.body.access_token;
}
