import fs from 'node:fs';
import path from 'node:path';

/**
 * The checkout's root (the folder of package.json), found by walking up from this module: the same
 * answer whether it runs from its source in server/lib (tests, `npm run dev`) or from its compiled
 * copy in .build/server/server/lib (`npm start`).
 */
export const PROJECT_ROOT = findRoot(import.meta.dirname);

function findRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}
