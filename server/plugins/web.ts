import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PROJECT_ROOT } from '../lib/project-root.ts';

export const WEB_DIST = path.join(PROJECT_ROOT, 'web/dist');

/** The HTML of a page path: index.html, with preload links for what that page's screen loads first. */
export type PageHtml = (url: string) => Buffer;

/**
 * Serves the built web app from the API's origin: hashed assets cached for a year (pre-compressed
 * copies preferred), index.html never cached. Returns the page HTML for the not-found handler, which
 * answers every other page path with it, or undefined when the app has not been built.
 */
export async function registerWeb(app: FastifyInstance, root = WEB_DIST): Promise<PageHtml | undefined> {
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
  return pageHtml(root);
}

/**
 * index.html for every page path; a screen's path also links the chunks, stylesheets and strings its
 * first render waits for (web/dist/.vite/screen-preloads.json, written by the build), so the browser
 * fetches them alongside the entry instead of after the entry has run.
 */
function pageHtml(root: string): PageHtml {
  const index = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const plain = Buffer.from(index);
  const preloadsFile = path.join(root, '.vite/screen-preloads.json');
  const preloads = fs.existsSync(preloadsFile)
    ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, string[]>)
    : {};
  const pages = new Map<string, Buffer>();
  for (const [page, files] of Object.entries(preloads)) {
    const links = files
      .map((file) =>
        file.endsWith('.css')
          ? `    <link rel="preload" as="style" crossorigin href="${file}">\n`
          : `    <link rel="modulepreload" crossorigin href="${file}">\n`,
      )
      .join('');
    pages.set(page, Buffer.from(index.replace(/\n?\s*<\/head>/, `\n${links}  </head>`)));
  }
  return (url) => pages.get(url.split(/[?#]/)[0] ?? url) ?? plain;
}
