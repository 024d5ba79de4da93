// Part of `npm run build`. For each screen's path, the files its first render waits for beyond the
// entry (its chunks, their CSS, its Spanish strings): the server links them from that page's HTML
// (server/plugins/web.ts) so the browser fetches them alongside the entry instead of after it has run.
// Spanish is the default language, the one a first visit renders in; later visits have them cached.
import fs from 'node:fs';
import path from 'node:path';
import { SCREENS, type ScreenName } from '../contracts/routes.ts';
import { entryFiles, firstLoadOf, readManifest, WEB_DIST } from './screen-first-load.ts';

const manifest = readManifest();
const entry = entryFiles(manifest);
const preloads: Record<string, string[]> = {};
for (const name of Object.keys(SCREENS) as ScreenName[]) {
  const files = [...firstLoadOf(manifest, name)].filter((file) => !entry.has(file));
  if (files.length > 0) preloads[SCREENS[name].path] = files.map((file) => `/${file}`);
}
fs.writeFileSync(path.join(WEB_DIST, '.vite/screen-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
console.log(`preload links for ${Object.keys(preloads).length} pages`);
