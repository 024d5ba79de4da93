// The import boundaries, as ESLint config blocks for eslint-plugin-import-x (and core ESLint's
// no-restricted-globals). Zones are written by folder: the per-feature and per-module zones are
// built from the folders that exist when lint starts, so a renamed or new feature or module is
// covered without editing this file. eslint.config.js uses these blocks; boundaries.test.ts builds
// them over a planted tree to prove each one fails.
import fs from 'node:fs';
import path from 'node:path';
import globals from 'globals';
import type { Linter } from 'eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

export type Zone = { target: string | string[]; from: string | string[]; except?: string[]; message: string };

const CODE = ['server/**/*.ts', 'contracts/**/*.ts', 'web/src/**/*.{ts,tsx}'];
const TESTS = ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'];

/** Browser-only globals (those Node and the language do not have), plus the ones Node has since
 * become able to answer but that mean the browser when server code reaches for them. */
const BROWSER_ONLY = Object.keys(globals.browser).filter(
  (name) => !(name in globals.node) && !(name in globals.es2025),
);
const DOM_GLOBALS = [
  ...new Set([
    ...BROWSER_ONLY,
    'window',
    'document',
    'navigator',
    'location',
    'localStorage',
    'sessionStorage',
    'history',
  ]),
].sort();

/** The folders directly under `folder` (none if it does not exist). */
function foldersIn(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The zones of import-x/no-restricted-paths for a project at `root`. `forTests` leaves out the
 * server's layering and module-entry zones: a test may reach into any server file it checks.
 */
export function boundaryZones(root: string, { forTests = false } = {}): Zone[] {
  const at = (...parts: string[]) => path.join(root, ...parts);
  const features = at('web/src/features');
  const modules = at('server/modules');
  const zones: Zone[] = [
    {
      target: [at('web/src/components'), at('web/src/lib')],
      from: [at('web/src/features'), at('web/src/app')],
      message: 'Shared web code (components, lib) is used by features and the app, never the other way round.',
    },
    {
      target: at('web/src/features'),
      from: at('web/src/app'),
      message: 'A feature does not import the app: the app imports the features (screens, router).',
    },
    ...foldersIn(features).map((feature) => ({
      target: `${features}/${feature}/**`,
      from: `${features}/*/**`,
      except: [`${features}/${feature}/**`],
      message: 'Features do not import each other: share it through web/src/components or web/src/lib.',
    })),
    {
      target: at('contracts'),
      from: [at('server'), at('web'), at('scripts'), at('e2e')],
      message: 'Contracts are shared by the server and the web and import neither.',
    },
    {
      target: at('web'),
      from: at('server'),
      message: 'The web talks to the server through /api and contracts/, not by importing it.',
    },
    {
      // The locale files are data both sides may read; the web's code is not.
      target: at('server'),
      from: at('web'),
      except: ['./src/locales'],
      message: 'The server does not import web code: share it through contracts/.',
    },
  ];
  if (forTests) return zones;
  return [
    ...zones,
    {
      target: [at('server/lib'), at('server/db'), at('server/plugins')],
      from: at('server/modules'),
      message: 'lib, db and plugins sit below the modules: hand them what they need from server/app.ts.',
    },
    {
      target: at('server/lib'),
      from: at('server/plugins'),
      message: 'server/lib holds small helpers and does not import plugins.',
    },
    ...foldersIn(modules).map((module) => ({
      target: `${modules}/${module}/**`,
      from: `${modules}/*/**`,
      except: [`${modules}/${module}/**`, `${modules}/*/index.ts`],
      message: "A module uses another only through that module's index.ts: export it there.",
    })),
  ];
}

/** The config blocks for a project at `root`. */
export function importBoundaries(root: string): Linter.Config[] {
  const restrictedPaths = (options: { forTests: boolean }): Linter.RuleEntry => [
    'error',
    { basePath: root, zones: boundaryZones(root, options) },
  ];
  return [
    {
      files: CODE,
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver()],
        // Without these the rules would resolve a .ts file but not read it, and find no cycle.
        'import-x/extensions': ['.ts', '.tsx'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': restrictedPaths({ forTests: false }),
        // Type-only imports are left out by the rule: they vanish when the code runs.
        'import-x/no-cycle': 'error',
      },
    },
    {
      files: TESTS,
      rules: {
        'import-x/no-restricted-paths': restrictedPaths({ forTests: true }),
        'import-x/no-cycle': 'off',
      },
    },
    {
      files: ['server/**/*.ts', 'contracts/**/*.ts'],
      rules: {
        'no-restricted-globals': [
          'error',
          ...DOM_GLOBALS.map((name) => ({
            name,
            message: 'The server and contracts run without a browser: no DOM globals.',
          })),
        ],
      },
    },
  ];
}
