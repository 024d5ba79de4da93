// Part of `npm test`, after the build: the JavaScript that /home loads (the entry, the landing
// screen and everything they import statically, plus the Spanish strings it needs: the common and
// public namespaces) must stay under 150 KB gzip. Prints the figure. Chunks loaded only on demand
// (the mobile menu, dialogs, notifications, the query cache of screens that call the API) are not
// counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LIMIT_KB = 150;
const dist = new URL('../web/dist', import.meta.url).pathname;
type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const files = new Set<string>();
function visit(key: string) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit('index.html');
const landing = Object.keys(manifest).find((key) => key.endsWith('features/public/routes/home-page.tsx'));
if (!landing) throw new Error('the landing screen is not in the build manifest');
visit(landing);
for (const key of Object.keys(manifest)) {
  if (/locales\/es\/(common|public)\.json$/.test(key)) visit(key);
}

let total = 0;
const rows: string[] = [];
for (const file of files) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
console.log(`JavaScript loaded by /home: ${(total / 1024).toFixed(1)} KB gzip (limit ${LIMIT_KB} KB)`);
console.log(rows.join('\n'));
if (total / 1024 > LIMIT_KB) {
  console.error(`FAIL: /home loads ${(total / 1024).toFixed(1)} KB of JavaScript (gzip), over ${LIMIT_KB} KB`);
  process.exit(1);
}

// web/src/app/mantine.css loads only the Mantine stylesheets the app uses. A component added later
// without its stylesheet would render unstyled: every Mantine class name in the built JavaScript that
// Mantine styles must have its rules in the built CSS.
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
    `FAIL: Mantine components without their stylesheet; add to web/src/app/mantine.css: ${files.join(', ')}`,
  );
  process.exit(1);
}
console.log(`Mantine stylesheets: every component in the build has its CSS (${shipped.size} class names).`);
