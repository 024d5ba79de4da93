import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServerJs } from './build-server-js.ts';
import { CACHE_DIR } from './server-js/cache.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const REGISTER = './scripts/server-js/register.mjs';

/** Imports `specifier` in a new Node (with `args` before it) and says whether Node's TypeScript stripper was loaded. */
function importing(specifier: string, args: string[] = []) {
  const code = `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify({ exports: Object.keys(m).sort(), stripper: process.moduleLoadList.some((name) => name.includes('amaro')) }));`;
  const result = spawnSync(process.execPath, [...args, '--input-type=module', '-e', code], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { exports: string[]; stripper: boolean };
}

describe('the server started as npm start does (decision 0104)', () => {
  beforeAll(() => {
    buildServerJs();
  });

  it('loads the whole app from the stripped copies, without Node’s TypeScript stripper', () => {
    const withCopies = importing('./server/app.ts', ['--import', REGISTER]);
    expect(withCopies.exports).toContain('buildApp');
    expect(withCopies.stripper).toBe(false);
    // Without them, the same import loads it: the check above can fail.
    expect(importing('./server/app.ts').stripper).toBe(true);
  });

  it('still runs a module that has no copy (edited since the build) by stripping it as usual', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-strip-'));
    const file = path.join(dir, 'edited.ts');
    fs.writeFileSync(file, 'export const edited: string = "after the build";\n');
    try {
      const loaded = importing(`file://${file}`, ['--import', REGISTER]);
      expect(loaded).toEqual({ exports: ['edited'], stripper: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes nothing again when nothing changed, and drops copies of sources that are gone', () => {
    const gone = path.join(CACHE_DIR, `${'0'.repeat(40)}.js`);
    fs.writeFileSync(gone, 'export {};\n');
    expect(buildServerJs().written).toBe(0);
    expect(fs.existsSync(gone)).toBe(false);
  });
});
