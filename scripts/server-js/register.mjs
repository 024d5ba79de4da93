// `npm start` loads this with `node --import`: the server's TypeScript modules are served from the
// type-stripped copies scripts/build-server-js.ts wrote (prestart), so the running server never
// loads Node's TypeScript stripper, a WebAssembly build of swc that holds about 30 MB for the life
// of the process (docs/decisions/0104). A module without a copy (edited since the build, or not
// under server/ or contracts/) is stripped by Node as usual. Plain JavaScript, for the same reason.
import fs from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { copyOf } from './cache.mjs';

registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:') && url.endsWith('.ts')) {
      const copy = readIfPresent(copyOf(fs.readFileSync(fileURLToPath(url), 'utf8')));
      // Stripping keeps every line and column where it was: stack traces still point into the .ts file.
      if (copy !== undefined) return { format: 'module', source: copy, shortCircuit: true };
    }
    return nextLoad(url, context);
  },
});

function readIfPresent(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}
