import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp2Front } from './http2-front.ts';

// The app server's side: a pre-compressed asset sent with a hop-by-hop header, and a POST that echoes
// its method, path and body, as the benchmarks' pages and log-in use them.
const SCRIPT = 'console.log("galeno");'.repeat(40);
let upstream: http.Server;
let front: Awaited<ReturnType<typeof startHttp2Front>>;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === '/assets/app.js') {
      response.writeHead(200, {
        'content-type': 'text/javascript',
        'content-encoding': 'br',
        connection: 'keep-alive',
      });
      response.end(zlib.brotliCompressSync(SCRIPT));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(201, {
        'content-type': 'text/plain',
        'x-seen-proto': String(request.headers['x-forwarded-proto']),
      });
      response.end(`${request.method} ${request.url} ${Buffer.concat(chunks).toString()}`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  front = await startHttp2Front(`http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`);
});

afterAll(async () => {
  front.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

function request(path: string, method = 'GET', body?: string) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const session = http2.connect(front.base, { rejectUnauthorized: false });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ':method': method, 'accept-encoding': 'br' });
    const chunks: Buffer[] = [];
    let headers: http2.IncomingHttpHeaders = {};
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) });
    });
    stream.end(body);
  });
}

describe('the benchmarks’ HTTP/2 front', () => {
  it('relays a compressed asset untouched, without the connection’s own headers', async () => {
    const answer = await request('/assets/app.js');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.connection).toBeUndefined();
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('relays the method, the path with its query and the body, and says the visitor came over TLS', async () => {
    const answer = await request('/api/login?x=1', 'POST', '{"usuario":"ana"}');
    expect(answer.status).toBe(201);
    expect(answer.headers['x-seen-proto']).toBe('https');
    expect(answer.body.toString()).toBe('POST /api/login?x=1 {"usuario":"ana"}');
  });
});
