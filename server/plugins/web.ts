import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Serves the built web app from the API's origin: hashed assets cached for a year (pre-compressed
 * copies preferred), index.html never cached. Returns index.html for the not-found handler, which
 * answers every other page path with it, or undefined when the app has not been built.
 */
export async function registerWeb(app: FastifyInstance, root = WEB_DIST): Promise<Buffer | undefined> {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn('web/dist is missing: run `npm run build` to serve the web app');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    wildcard: false,
    index: false,
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      // Vite names every file under assets/ by its content hash: a new build means new names.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return fs.readFileSync(indexFile);
}
