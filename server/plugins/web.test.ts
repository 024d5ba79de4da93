import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_REDIRECTS, SCREENS } from '../../contracts/routes.ts';
import { notFoundHandler } from './errors.ts';
import { registerWeb } from './web.ts';

// A built web app in miniature: what `npm run build` writes (hashed assets with pre-compressed
// copies, index.html, unhashed files from web/public).
const INDEX_HTML = '<!doctype html><head><title>Galeno</title></head>';
const SCRIPT = 'console.log("galeno");'.repeat(50);
let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(root, 'assets/index-Ab12Cd34.js'), SCRIPT);
  fs.writeFileSync(path.join(root, 'assets/index-Ab12Cd34.js.br'), zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'assets/index-Ab12Cd34.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(root, 'theme-init.js'), 'void 0;');
  fs.mkdirSync(path.join(root, '.vite'));
  fs.writeFileSync(
    path.join(root, '.vite/screen-preloads.json'),
    JSON.stringify({ '/login': ['/assets/login-page-Ef56Gh78.js', '/assets/login-page-Ij90Kl12.css'] }),
  );
  app = Fastify();
  const pageHtml = await registerWeb(app, root);
  app.setNotFoundHandler(notFoundHandler(pageHtml));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const response = await app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(SCRIPT);
  });

  it('sends the pre-compressed copy the browser accepts, with the same cache lifetime', async () => {
    const brotli = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzip = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('makes browsers revalidate index.html and every page path, so a new build is picked up at once', async () => {
    for (const url of ['/index.html', '/home', '/pedir-cita']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<title>Galeno</title>');
    }
  });

  it('makes browsers revalidate unhashed files', async () => {
    const response = await app.inject({ url: '/theme-init.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not with the page (an old chunk name must fail loudly)', async () => {
    const response = await app.inject({ url: '/assets/index-Old00000.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it("links a screen's first chunks from its page, so they download alongside the entry", async () => {
    const login = await app.inject({ url: '/login?next=%2Fpedir-cita' });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-page-Ef56Gh78.js">');
    expect(login.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/login-page-Ij90Kl12.css">');
    const other = await app.inject({ url: '/pedir-cita' });
    expect(other.body).toBe(INDEX_HTML);
  });

  it('answers every screen of the app with the page and 200, whatever its query, case or trailing slash', async () => {
    const paths = [...Object.values(SCREENS).map((screen) => screen.path), ...Object.keys(SCREEN_REDIRECTS)];
    for (const url of [...paths, '/enlace?token=abc.def', '/recepcion/citar?paciente=3', '/Pedir-Cita/', '/lista-espera/oferta?token=x']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it("answers any other page path with the app's not-found page and 404, so a probe there fails", async () => {
    for (const url of ['/healthz', '/readyz', '/livez', '/foo.php', '/pedir-cita/extra', '/apie']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<title>Galeno</title>');
    }
    expect((await app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/home' })).statusCode).toBe(200);
    for (const url of ['/api/nothing', '/api', '/api/health/nothing?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'no_encontrado' });
    }
  });
});
