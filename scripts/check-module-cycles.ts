// Fails when the server modules import each other in a cycle (module A reaches B and B reaches A).
// Lint (eslint.config.js) keeps every cross-module import on the other module's index.ts; this
// script reads those imports with a regex (no parser, no package) and looks for cycles among the
// modules. Type-only imports count too: a cycle of types is still two modules that cannot be
// understood one without the other. Tests (*.test.ts) are left out: they may import anything.
// `node scripts/check-module-cycles.ts --list` prints the graph.
import fs from 'node:fs';
import path from 'node:path';

const MODULES_DIR = path.join(import.meta.dirname, '..', 'server', 'modules');
const IMPORT = /(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The module a file belongs to (the folder under server/modules), or undefined outside them. */
function moduleOf(file: string): string | undefined {
  const relative = path.relative(MODULES_DIR, file);
  if (relative.startsWith('..')) return undefined;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : undefined;
}

export function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(MODULES_DIR)) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), specifier));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Groups of modules that reach each other (strongly connected components of two or more; Tarjan). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

if (import.meta.main) {
  const graph = moduleGraph();
  if (process.argv.includes('--list')) {
    for (const [from, to] of [...graph].sort(([a], [b]) => a.localeCompare(b))) console.log(`${from} -> ${[...to].sort().join(', ') || '(nothing)'}`);
  }
  const cycles = cyclesOf(graph);
  if (cycles.length > 0) {
    console.error('FAIL: server modules import each other in a cycle. Each group below reaches itself:');
    for (const group of cycles) {
      console.error(`  ${group.join(', ')}`);
      for (const from of group) {
        const inside = [...(graph.get(from) ?? [])].filter((to) => group.includes(to)).sort();
        console.error(`    ${from} -> ${inside.join(', ')}`);
      }
    }
    process.exit(1);
  }
  console.log(`module graph: ${graph.size} modules, no cycles`);
}
