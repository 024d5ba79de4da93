// A local ESLint rule for the import boundaries of decision 0094 (resolves relative imports
// against the importing file, so '../../agenda/api.ts' is caught as well as 'features/agenda').
//   - web/src/features/<a> never imports web/src/features/<b>;
//   - server/lib, server/db and server/plugins never import server/modules; server/lib never
//     imports server/plugins;
//   - a server module imports another module only through that module's index.ts.
// Tests (*.test.ts, *.test.tsx) may import anything on the server side.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The first two folders of a project-relative path under `prefix`, e.g. ('server/modules', 'agenda'). */
function under(relative, prefix) {
  if (!relative.startsWith(`${prefix}/`)) return undefined;
  const [name, ...rest] = relative.slice(prefix.length + 1).split('/');
  return { name, rest: rest.join('/') };
}

function problem(fromFile, targetFile) {
  const from = path.relative(ROOT, fromFile).split(path.sep).join('/');
  const to = path.relative(ROOT, targetFile).split(path.sep).join('/');

  const fromFeature = under(from, 'web/src/features');
  const toFeature = under(to, 'web/src/features');
  if (fromFeature && toFeature && fromFeature.name !== toFeature.name && !isTest(from)) {
    return `feature "${fromFeature.name}" imports feature "${toFeature.name}": share it through web/src/components or web/src/lib`;
  }
  if (isTest(from)) return undefined;

  const toModule = under(to, 'server/modules');
  const layer = ['server/lib', 'server/db', 'server/plugins'].find((prefix) => from.startsWith(`${prefix}/`));
  if (layer && toModule) return `${layer} imports server/modules: hand what it needs in from server/app.ts instead`;
  if (from.startsWith('server/lib/') && to.startsWith('server/plugins/')) return 'server/lib imports server/plugins';

  const fromModule = under(from, 'server/modules');
  // server/modules/index.ts is the registry of every module's routes, not a module.
  if (fromModule?.rest && toModule && toModule.rest && fromModule.name !== toModule.name && toModule.rest !== 'index.ts') {
    return `module "${fromModule.name}" imports ${to}: import it from server/modules/${toModule.name}/index.ts (export it there)`;
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Keeps imports inside the boundaries of decision 0094' } },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const message = problem(file, path.resolve(path.dirname(file), specifier));
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
