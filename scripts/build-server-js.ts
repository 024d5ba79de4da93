// Writes the type-stripped copy of every server module (server/ and contracts/, tests aside) that
// `npm start` runs through scripts/server-js/register.mjs; run by prestart and by bench:api.
// Node's own stripper (the one it runs on every .ts it loads) in its position-keeping mode.
import fs from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import path from 'node:path';
import { CACHE_DIR, copyOf } from './server-js/cache.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCES = ['server', 'contracts'];

export function buildServerJs(): { modules: number; written: number } {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const wanted = new Set<string>();
  let written = 0;
  for (const folder of SOURCES) {
    for (const entry of fs.readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry.endsWith('.d.ts')) continue;
      const source = fs.readFileSync(path.join(ROOT, folder, entry), 'utf8');
      const copy = copyOf(source);
      wanted.add(path.basename(copy));
      if (fs.existsSync(copy)) continue;
      // Renamed into place: a server starting meanwhile reads a whole copy or none.
      const partial = `${copy}.${process.pid}.tmp`;
      fs.writeFileSync(partial, stripTypeScriptTypes(source, { mode: 'strip' }));
      fs.renameSync(partial, copy);
      written += 1;
    }
  }
  for (const name of fs.readdirSync(CACHE_DIR)) {
    if (!wanted.has(name) && !name.endsWith('.tmp')) fs.rmSync(path.join(CACHE_DIR, name), { force: true });
  }
  return { modules: wanted.size, written };
}

if (import.meta.main) {
  try {
    buildServerJs();
  } catch (error) {
    // A read-only checkout still starts: the server then strips its modules as it loads them.
    console.warn(
      `Could not write the stripped server modules (${(error as Error).message}); the server will strip them at load.`,
    );
  }
}
