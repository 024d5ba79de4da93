import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { screens } from './screens.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
// Vitest rewrites the import paths relative to the project root ('/web/src/...').
const sourceOf = (file: string) => fs.readFileSync(file.startsWith('/') ? path.join(root, file) : path.resolve(here, file), 'utf8');

// The router fetches a screen's strings together with its code; a namespace missing from the
// list would still load, but only after the code (a second wait before the screen shows).
describe('the screens table', () => {
  it.each(Object.entries(screens))('lists the locale namespaces %s uses', (_name, definition) => {
    const file = /['"]([^'"]+\.tsx)['"]/.exec(definition.load.toString())?.[1];
    expect(file).toBeDefined();
    const source = sourceOf(file!);
    const used = [...source.matchAll(/useTranslation\(\s*'([^']+)'/g)].map((match) => match[1]);
    for (const namespace of used) expect(definition.namespaces).toContain(namespace);
  });
});
