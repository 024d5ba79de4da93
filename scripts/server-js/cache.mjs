// Where the type-stripped copies of the server's modules live, shared by the build
// (scripts/build-server-js.ts) and the loader (register.mjs). Plain JavaScript: a TypeScript file
// here would make Node load its TypeScript stripper, which is what this avoids.
import { createHash } from 'node:crypto';
import path from 'node:path';

export const CACHE_DIR = path.resolve(import.meta.dirname, '../../.build/server-js');

/** The copy of a module is named by its source's hash: an edited source never finds a stale copy. */
export function copyOf(source) {
  return path.join(CACHE_DIR, `${createHash('sha256').update(source).digest('hex').slice(0, 40)}.js`);
}
