import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, SERVER_ENTRY } from '../scripts/build-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const folders: string[] = [];

// `npm start` runs the compiled server (its prestart compiles it; here, the same step).
beforeAll(() => buildServerIfStale(), 120_000);

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const startScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;

/**
 * Starts the server with `npm start`'s own command line (npm runs it with `sh -c`, and its `exec`
 * makes node the process that gets the signals), on a fresh data folder and a free port.
 */
async function startServer(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-main-'));
  folders.push(dataDir);
  const child = spawn('sh', ['-c', startScript], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /ready at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { child, port, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

describe('server/main.ts', () => {
  it('is started by npm start as compiled JavaScript with plain node: no loader, no runtime flags', () => {
    expect(startScript).toBe(`exec node ${path.relative(root, SERVER_ENTRY)}`);
  });

  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0', async () => {
    const { child, port, output } = await startServer();
    const exited = exitOf(child);

    // A request whose headers have arrived but whose body has not: it is in flight for sure.
    const body = JSON.stringify({
      name: 'Marta Soler',
      email: 'marta@example.com',
      message: 'Hola, ¿abrís los sábados?',
    });
    const bytes = Buffer.from(body);
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/contacto HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`,
    );
    socket.write(bytes.subarray(0, 10));
    // Give a busy machine time to parse the headers and route the request before the signal.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Still running: it waits for the request it accepted.
    expect(child.exitCode).toBeNull();
    // …but no longer takes new connections.
    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('error', () => resolve(true));
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
    });
    expect(refused).toBe(true);

    socket.write(bytes.subarray(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"id_mensaje"');

    const { code, signal } = await exited;
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('on SIGTERM does not wait for a connection that has sent nothing yet (a browser’s preconnect)', async () => {
    const { child, port, output } = await startServer();
    const exited = exitOf(child);
    const spare = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => spare.once('connect', resolve));
    const dropped = new Promise<void>((resolve) => spare.once('close', () => resolve()));
    // Give the server time to accept it before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = performance.now();
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    expect({ code, signal }, output()).toEqual({ code: 0, signal: null });
    // Well before the 10-second limit after which the server gives up and exits 1.
    expect(performance.now() - signalled).toBeLessThan(5_000);
    await dropped;
  }, 60_000);

  it('stops with a message naming the variable when the configuration is bad', async () => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const { code } = await exitOf(child);
    expect(code).toBe(1);
    expect(stderr).toContain('PORT:');
  }, 30_000);

  it('refuses to listen on a network address while a demo account keeps its published password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-main-'));
    folders.push(dataDir);
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: '0', HOST: '0.0.0.0', DEMO_DATA: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const { code } = await exitOf(child);
    expect(code).toBe(1);
    expect(output).toContain('Galeno will not start as a public server (it listens on 0.0.0.0): these accounts still have the demo password');
    expect(output).not.toContain('ready at');
  }, 60_000);
});
