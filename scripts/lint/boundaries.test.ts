// The import boundaries fail a planted import of each kind. The rules are built over a small tree
// with the project's layout (two features, two server modules), so the test does not depend on
// today's feature or module names; a last test checks eslint.config.js applies the same rules.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryZones, importBoundaries } from './import-boundaries.ts';

const REPO = path.resolve(import.meta.dirname, '..', '..');

/** Files that exist in the planted tree, so imports resolve and cycles can be followed. */
const TREE: Record<string, string> = {
  'web/src/app/screens.ts': 'export const screens = {};\n',
  'web/src/lib/format.ts': 'export const format = (value: number) => String(value);\n',
  'web/src/components/page.tsx': 'export const Page = () => null;\n',
  'web/src/features/alpha/api.ts': "export const alphaApi = '/api/alpha';\n",
  'web/src/features/beta/api.ts': "export const betaApi = '/api/beta';\n",
  'web/src/locales/es/common.json': '{ "hola": "hola" }\n',
  'contracts/common.ts': 'export const LIMIT = 10;\n',
  'server/app.ts': 'export const app = {};\n',
  'server/lib/clock.ts': 'export const now = () => new Date();\n',
  'server/plugins/auth.ts': 'export const auth = {};\n',
  'server/modules/first/index.ts': "export { findFirst } from './first.repository.ts';\n",
  'server/modules/first/first.repository.ts': 'export const findFirst = () => 1;\n',
  'server/modules/second/index.ts': "export { serveSecond } from './second.service.ts';\n",
  'server/modules/second/second.service.ts': 'export const serveSecond = () => 2;\n',
  // Two files that import each other: the cycle linted below.
  'server/modules/second/hours.ts': "import { days } from './days.ts';\nexport const hours = () => days();\n",
  'server/modules/second/days.ts': "import { hours } from './hours.ts';\nexport const days = () => hours();\n",
  // Two modules that reach each other through their index.ts: a cycle of files too.
  'server/modules/third/index.ts': "export { third } from './third.service.ts';\n",
  'server/modules/third/third.service.ts':
    "import { fourth } from '../fourth/index.ts';\nexport const third = () => fourth();\n",
  'server/modules/fourth/index.ts': "export { fourth } from './fourth.service.ts';\n",
  'server/modules/fourth/fourth.service.ts':
    "import { third } from '../third/index.ts';\nexport const fourth = () => third();\n",
};

let root: string;
let eslint: ESLint;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'galeno-boundaries-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      ...importBoundaries(root),
    ],
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The rule ids and messages of the problems lint finds in `code` as if it were at `file`. */
async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const restricted = (text: string) => [
  { ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining(text) as string },
];

describe('import boundaries', () => {
  it('shared web code does not import a feature', async () => {
    expect(await problems('web/src/lib/links.ts', "export { alphaApi } from '../features/alpha/api.ts';\n")).toEqual(
      restricted('Shared web code'),
    );
    expect(
      await problems(
        'web/src/components/menu.tsx',
        "import { alphaApi } from '../features/alpha/api.ts';\nexport const menu = alphaApi;\n",
      ),
    ).toEqual(restricted('Shared web code'));
  });

  it('a feature does not import the app', async () => {
    expect(
      await problems(
        'web/src/features/alpha/page.tsx',
        "import { screens } from '../../app/screens.ts';\nexport const page = screens;\n",
      ),
    ).toEqual(restricted('A feature does not import the app'));
  });

  it('a feature does not import another feature', async () => {
    expect(
      await problems(
        'web/src/features/alpha/routes/page.tsx',
        "import { betaApi } from '../../beta/api.ts';\nexport const page = betaApi;\n",
      ),
    ).toEqual(restricted('Features do not import each other'));
  });

  it('contracts import neither the server nor the web', async () => {
    expect(
      await problems(
        'contracts/users.ts',
        "import { now } from '../server/lib/clock.ts';\nexport const created = now;\n",
      ),
    ).toEqual(restricted('Contracts are shared'));
    expect(
      await problems(
        'contracts/users.ts',
        "import { format } from '../web/src/lib/format.ts';\nexport const shown = format;\n",
      ),
    ).toEqual(restricted('Contracts are shared'));
  });

  it('the web does not import the server, nor the server the web', async () => {
    expect(
      await problems(
        'web/src/lib/time.ts',
        "import { now } from '../../../server/lib/clock.ts';\nexport const time = now;\n",
      ),
    ).toEqual(restricted('The web talks to the server through /api'));
    expect(
      await problems(
        'server/lib/text.ts',
        "import { format } from '../../web/src/lib/format.ts';\nexport const text = format;\n",
      ),
    ).toEqual(restricted('The server does not import web code'));
  });

  it("a server module uses another only through that module's index.ts", async () => {
    expect(
      await problems(
        'server/modules/second/second.routes.ts',
        "import { findFirst } from '../first/first.repository.ts';\nexport const routes = findFirst;\n",
      ),
    ).toEqual(restricted("only through that module's index.ts"));
  });

  it('lib, db and plugins do not import modules, and lib does not import plugins', async () => {
    expect(
      await problems(
        'server/lib/access.ts',
        "import { findFirst } from '../modules/first/index.ts';\nexport const access = findFirst;\n",
      ),
    ).toEqual(restricted('below the modules'));
    expect(
      await problems(
        'server/db/seed.ts',
        "import { findFirst } from '../modules/first/index.ts';\nexport const seed = findFirst;\n",
      ),
    ).toEqual(restricted('below the modules'));
    expect(
      await problems(
        'server/lib/session.ts',
        "import { auth } from '../plugins/auth.ts';\nexport const session = auth;\n",
      ),
    ).toEqual(restricted('does not import plugins'));
  });

  it('files that import each other in a cycle', async () => {
    expect(await problems('server/modules/second/hours.ts', TREE['server/modules/second/hours.ts'] ?? '')).toEqual([
      { ruleId: 'import-x/no-cycle', message: 'Dependency cycle detected' },
    ]);
  });

  it('modules that reach each other through their index.ts', async () => {
    expect(
      await problems('server/modules/third/third.service.ts', TREE['server/modules/third/third.service.ts'] ?? ''),
    ).toEqual([{ ruleId: 'import-x/no-cycle', message: expect.stringContaining('Dependency cycle via') as string }]);
  });

  it('the server and contracts use no DOM globals', async () => {
    const [serverDocument] = await problems(
      'server/modules/first/first.service.ts',
      'export const title = () => document.title;\n',
    );
    expect(serverDocument?.ruleId).toBe('no-restricted-globals');
    const [serverStorage] = await problems(
      'server/lib/remember.ts',
      "export const remember = () => localStorage.getItem('x');\n",
    );
    expect(serverStorage?.ruleId).toBe('no-restricted-globals');
    const [contractsWindow] = await problems('contracts/screen.ts', 'export const width = () => window.innerWidth;\n');
    expect(contractsWindow?.ruleId).toBe('no-restricted-globals');
    // The web may, and a server local that happens to be called `document` is not the global.
    expect(await problems('web/src/lib/title.ts', 'export const title = () => document.title;\n')).toEqual([]);
    expect(
      await problems(
        'server/lib/search.ts',
        'export const size = (document: { length: number }) => document.length;\n',
      ),
    ).toEqual([]);
  });

  it('legal imports pass', async () => {
    const legal: [string, string][] = [
      [
        'web/src/features/alpha/page.tsx',
        "import { alphaApi } from './api.ts';\nimport { format } from '../../lib/format.ts';\nimport { Page } from '../../components/page.tsx';\nimport { LIMIT } from '../../../../contracts/common.ts';\nexport const page = [alphaApi, format, Page, LIMIT];\n",
      ],
      [
        'web/src/app/router.tsx',
        "import { alphaApi } from '../features/alpha/api.ts';\nimport { format } from '../lib/format.ts';\nexport const router = [alphaApi, format];\n",
      ],
      [
        'server/modules/second/second.routes.ts',
        "import { findFirst } from '../first/index.ts';\nimport { serveSecond } from './second.service.ts';\nimport { now } from '../../lib/clock.ts';\nimport { LIMIT } from '../../../contracts/common.ts';\nexport const routes = [findFirst, serveSecond, now, LIMIT];\n",
      ],
      ['server/modules/index.ts', "export { findFirst } from './first/first.repository.ts';\n"],
      [
        'server/lib/texts.ts',
        "import es from '../../web/src/locales/es/common.json' with { type: 'json' };\nexport const texts = es;\n",
      ],
      // A test may reach into any server file it checks.
      [
        'server/modules/second/second.test.ts',
        "import { findFirst } from '../first/first.repository.ts';\nexport const reached = findFirst;\n",
      ],
    ];
    for (const [file, code] of legal) expect({ file, found: await problems(file, code) }).toEqual({ file, found: [] });
  });
});

describe('eslint.config.js', () => {
  it('applies these rules to the server, the contracts and the web, with a zone for every feature and module folder', async () => {
    const project = new ESLint({ cwd: REPO });
    for (const file of ['server/modules/audit/audit.service.ts', 'contracts/common.ts', 'web/src/lib/api.ts']) {
      const config = (await project.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      expect(config.rules['import-x/no-restricted-paths']?.[0], file).toBe(2);
      expect(config.rules['import-x/no-cycle']?.[0], file).toBe(2);
      expect(config.rules['no-restricted-globals']?.[0], file).toBe(file.startsWith('web/') ? undefined : 2);
    }
    const targets = boundaryZones(REPO).flatMap((zone) => zone.target);
    const folders = (under: string) =>
      fs.readdirSync(path.join(REPO, under), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const feature of folders('web/src/features'))
      expect(targets).toContain(path.join(REPO, 'web/src/features', feature.name, '**'));
    for (const module of folders('server/modules'))
      expect(targets).toContain(path.join(REPO, 'server/modules', module.name, '**'));
  });
});
