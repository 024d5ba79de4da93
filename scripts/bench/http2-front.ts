// The front the web benchmarks load pages through: TLS and HTTP/2 on loopback, relaying every request
// to the app server over HTTP/1.1, as the README's nginx does in production (`listen 443 ssl; http2 on`).
// A phone reaches Galeno through such a proxy, so its browser fetches a screen's 15-20 files over one
// multiplexed connection; measured straight against Node's HTTP/1.1, Lighthouse queues them on six
// connections instead. The certificate is a throwaway one (openssl), made per run;
// the browser is started with --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Hop-by-hop headers: meaningful on one connection only, and refused by HTTP/2. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front for the app server at `upstream` (http://127.0.0.1:port); resolves to its https base. */
export async function startHttp2Front(upstream: string): Promise<{ base: string; stop: () => void }> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer({ ...throwawayCertificate(), allowHTTP1: false });
  server.on('stream', (stream, headers) => {
    const requestHeaders: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && value !== undefined) requestHeaders[name] = value;
    }
    requestHeaders.host = String(headers[':authority'] ?? target.host);
    requestHeaders['x-forwarded-proto'] = 'https';
    const relay = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: String(headers[':method']),
        path: String(headers[':path']),
        headers: requestHeaders,
        agent,
      },
      (answer) => {
        const answerHeaders: http2.OutgoingHttpHeaders = { ':status': answer.statusCode ?? 502 };
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
        }
        if (stream.destroyed) return answer.resume();
        stream.respond(answerHeaders);
        answer.pipe(stream);
      },
    );
    relay.on('error', () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.on('error', () => relay.destroy());
    stream.pipe(relay);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    base: `https://127.0.0.1:${port}`,
    stop() {
      server.close();
      agent.destroy();
    },
  };
}
