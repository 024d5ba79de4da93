// Part of `npm test`, after the build. What a first visit must download before a screen first renders
// stays under one limit, for every screen (those behind a log-in and the public ones): the entry and
// its CSS, the screen's chunk, everything these import statically and their CSS, the Spanish strings
// the router waits for (common plus the screen's namespaces), and for screens that read the API the
// query cache and the shared API messages (app/router.tsx loads those together before rendering).
// The limit is what React and today's screens cost plus a small margin: it does not ask for savings,
// it catches a screen that starts pulling in a large library or another screen's code by accident.
// Read from Vite's manifest; prints a table. Chunks loaded only on demand (menus, dialogs,
// notifications, the header's user menu) are not counted: the screen renders without waiting for them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { SCREENS, type ScreenName } from '../contracts/routes.ts';
import { entryFiles, firstLoadOf, readManifest, WEB_DIST } from './screen-first-load.ts';

const LIMIT_KB = 290;
const BUDGETED = Object.keys(SCREENS) as ScreenName[];
const dist = WEB_DIST;
const manifest = readManifest();

const gzipSizes = new Map<string, number>();
function gzipSize(file: string) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

type Row = { name: ScreenName; js: number; css: number; files: string[] };
const rows: Row[] = BUDGETED.map((name) => {
  const files = firstLoadOf(manifest, name);
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.css')) css += gzipSize(file);
    else js += gzipSize(file);
  }
  return { name, js, css, files: [...files] };
});

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log(`First load of each screen (gzip; limit ${LIMIT_KB} KB of JavaScript + CSS):`);
console.log('screen                    |     JS |   CSS |  total | files');
for (const row of rows) {
  const over = (row.js + row.css) / 1024 - LIMIT_KB;
  console.log(
    `${SCREENS[row.name].path.padEnd(25)} | ${kb(row.js).padStart(6)} | ${kb(row.css).padStart(5)} | ${kb(row.js + row.css).padStart(6)} | ${String(row.files.length).padStart(5)}${over > 0 ? `  (${over.toFixed(1)} KB over the limit)` : ''}`,
  );
}
// --files lists what each screen loads, biggest first (to see what to cut).
if (process.argv.includes('--files')) {
  for (const row of rows) {
    console.log(`\n${SCREENS[row.name].path}`);
    for (const file of [...row.files].sort((a, b) => gzipSize(b) - gzipSize(a))) {
      console.log(`  ${kb(gzipSize(file)).padStart(6)} KB  ${file}`);
    }
  }
}
const failed = rows.filter((row) => (row.js + row.css) / 1024 > LIMIT_KB);
for (const row of failed) {
  console.error(
    `FAIL: ${SCREENS[row.name].path} loads ${kb(row.js + row.css)} KB (gzip) before it first renders, over the limit of ${LIMIT_KB} KB`,
  );
}
if (failed.length > 0) process.exit(1);

// Each Mantine component's stylesheet is imported by its class-name module (web/vite.config.ts). A
// component whose stylesheet that pairing misses would render unstyled: every Mantine class name in the
// built JavaScript that Mantine styles must have its rules in the built CSS.
const mantineCss = fs.readFileSync(new URL('../node_modules/@mantine/core/styles.css', import.meta.url), 'utf8');
const assets = fs.readdirSync(path.join(dist, 'assets'));
const read = (extension: string) =>
  assets
    .filter((file) => file.endsWith(extension))
    .map((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8'))
    .join('\n');
const classNames = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g));
const styled = classNames(mantineCss);
const shipped = classNames(read('.css'));
const unstyled = [...classNames(read('.js'))].filter((name) => styled.has(name) && !shipped.has(name));
if (unstyled.length > 0) {
  const files = fs
    .readdirSync(new URL('../node_modules/@mantine/core/styles', import.meta.url))
    .filter((file) => !file.endsWith('.layer.css'))
    .filter((file) => {
      const css = fs.readFileSync(new URL(`../node_modules/@mantine/core/styles/${file}`, import.meta.url), 'utf8');
      return unstyled.some((name) => css.includes(name));
    });
  console.error(
    `FAIL: Mantine components without their stylesheet in the build (see mantineStylesWithComponents in web/vite.config.ts): ${files.join(', ')}`,
  );
  process.exit(1);
}
console.log(`Mantine stylesheets: every component in the build has its CSS (${shipped.size} class names).`);

// The stylesheets arrive with their chunks, in any order; their cascade layers keep Mantine's order. That
// holds only if app/mantine.css names every layer, before any of them appears (first in the entry's CSS).
const declaredLayers = layerNames(fs.readFileSync(new URL('../web/src/app/mantine.css', import.meta.url), 'utf8'));
const undeclared = [...layerNames(read('.css'))].filter((name) => !declaredLayers.includes(name));
if (undeclared.length > 0) {
  console.error(`FAIL: Mantine stylesheets without their layer in web/src/app/mantine.css: ${undeclared.join(', ')}`);
  process.exit(1);
}
const entryCss = [...entryFiles(manifest)]
  .filter((file) => file.endsWith('.css'))
  .map((file) => fs.readFileSync(path.join(dist, file), 'utf8'));
const entryOrder = layerNames(entryCss.join('\n')).slice(0, declaredLayers.length);
if (entryOrder.join() !== declaredLayers.join()) {
  console.error(
    "FAIL: the entry's CSS does not start with the order of web/src/app/mantine.css (is it imported first?)",
  );
  process.exit(1);
}
console.log(`Mantine stylesheets: ${declaredLayers.length} layers, in Mantine's order from the first stylesheet.`);

/** The mantine-* cascade layers a stylesheet names, in order of first appearance. */
function layerNames(css: string): string[] {
  const names = [...css.matchAll(/@layer\s+([^{;]+)[{;]/g)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.trim()),
  );
  return [...new Set(names.filter((name) => name.startsWith('mantine-')))];
}
