import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../../contracts/messages/index.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { DATABASES, startTestServer, useTestServer } from '../../testing/test-server.ts';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A Redis server of the smallest kind on loopback: it speaks RESP and answers PING with PONG, INFO
 * with a loaded server and anything else with OK: enough for ioredis to connect and a probe to ask.
 */
async function startRedisStandIn() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const command = readCommand(pending);
        if (!command) break;
        pending = pending.subarray(command.length);
        const name = command.args[0]?.toUpperCase();
        if (name === 'PING') socket.write('+PONG\r\n');
        else if (name === 'INFO') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
        } else socket.write('+OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Stops answering: the listener and every open connection go away. */
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One RESP array of bulk strings from the front of `buffer`, or undefined until it has all arrived. */
function readCommand(buffer: Buffer): { args: string[]; length: number } | undefined {
  const text = buffer.toString('latin1');
  let at = 0;
  const line = () => {
    const end = text.indexOf('\r\n', at);
    if (end < 0) return undefined;
    const value = text.slice(at, end);
    at = end + 2;
    return value;
  };
  const header = line();
  if (header === undefined || !header.startsWith('*')) return undefined;
  const args: string[] = [];
  for (let index = 0; index < Number(header.slice(1)); index += 1) {
    const size = line();
    if (size === undefined) return undefined;
    const length = Number(size.slice(1));
    if (text.length < at + length + 2) return undefined;
    args.push(text.slice(at, at + length));
    at += length + 2;
  }
  return { args, length: at };
}

describe.each(DATABASES)('the health probes on %s', (kind) => {
  const server = useTestServer(kind);

  it('says the process is live and the instance ready when the database answers (Redis not configured)', async () => {
    const live = await server.request('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ estado: 'ok' });
    const ready = await server.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ estado: 'ok', base_de_datos: 'ok', redis: 'no_configurado' });
    // The old probe still answers as before.
    const health = await server.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ estado: 'ok', base_de_datos: kind });
  });
});

describe('the readiness probe with a dependency down', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers 503 naming the database when the database does not answer, while the process is still live', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-ready-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/galeno`, dataDir });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, serveWeb: false });
    cleanups.push(() => database.close(), () => app.close());

    for (const language of ['es', 'ca', 'en'] as const) {
      const ready = await app.inject({ url: '/api/health/ready', headers: { 'accept-language': language } });
      expect(ready.statusCode, language).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      expect(ready.json(), language).toEqual({
        detail: messages[language].api.base_de_datos_no_responde,
        code: 'no_preparado',
        base_de_datos: 'sin_respuesta',
        redis: 'no_configurado',
      });
    }
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('answers 503 naming Redis when a configured Redis stops answering, and 200 while it answers', async () => {
    const redis = await startRedisStandIn();
    let stopped = false;
    cleanups.push(async () => stopped || redis.stop());
    const server = await startTestServer('sqlite', { env: { REDIS_URL: redis.url } });
    cleanups.push(() => server.close());

    const up = await server.request('GET', '/api/health/ready');
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ estado: 'ok', base_de_datos: 'ok', redis: 'ok' });

    await redis.stop();
    stopped = true;
    const down = await server.request('GET', '/api/health/ready', { headers: { 'accept-language': 'en' } });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ detail: 'Redis is not answering.', code: 'no_preparado', base_de_datos: 'ok', redis: 'sin_respuesta' });
    expect((await server.request('GET', '/api/health/live')).status).toBe(200);
  });
});
