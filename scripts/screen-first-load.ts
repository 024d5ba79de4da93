// What a screen waits for before it first renders, read from Vite's manifest (web/dist/.vite/manifest.json):
// the entry and its CSS, the screen's chunk, everything these import statically and their CSS, the
// strings the router waits for (common plus the screen's namespaces) and, for screens that read the
// API, the query cache and the shared API messages (app/router.tsx loads those together). Used by the
// bundle budget (check-bundle.ts) and by the per-page preload links (write-screen-preloads.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { ScreenName } from '../contracts/routes.ts';
import { screens } from '../web/src/app/screens.ts';

export const WEB_DIST = new URL('../web/dist', import.meta.url).pathname;
type Chunk = { file: string; imports?: string[]; css?: string[] };
export type Manifest = Record<string, Chunk>;

export function readManifest(dist = WEB_DIST): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The files of a manifest entry and of everything it imports statically, CSS included. */
function collect(manifest: Manifest, key: string, files: Set<string>) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
}

/** The manifest key of a screen's module, read from its loader (`() => import('../features/...')`). */
function moduleOf(name: ScreenName) {
  const source = /import\(['"]\.\.\/(.+?)['"]\)/.exec(screens[name].load.toString())?.[1];
  if (!source) throw new Error(`cannot read the module of screen ${name} from app/screens.ts`);
  return `src/${source}`;
}

/** The entry's files: index.html links them already. */
export function entryFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  collect(manifest, 'index.html', files);
  return files;
}

/** Every file the screen waits for before its first render (strings in `language`), the entry's included. */
export function firstLoadOf(manifest: Manifest, name: ScreenName, language = 'es'): Set<string> {
  const definition = screens[name];
  const files = entryFiles(manifest);
  collect(manifest, moduleOf(name), files);
  for (const namespace of ['common', ...definition.namespaces]) {
    collect(manifest, `src/locales/${language}/${namespace}.json`, files);
  }
  if (definition.data !== false) {
    collect(manifest, 'src/app/query-scope.tsx', files);
    collect(manifest, `../contracts/messages/${language}.ts`, files);
  }
  return files;
}
