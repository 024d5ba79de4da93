// Fails when the three languages' translation files differ in their files or keys.
import fs from 'node:fs';
import path from 'node:path';
import { ACCIONES_AUDITORIA } from '../contracts/audit.ts';

const root = new URL('../web/src/locales', import.meta.url).pathname;
const languages = ['es', 'ca', 'en'];

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

/** Plural keys (_one, _other, _many...) count as one key: languages differ in their plural forms. */
const normalise = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '_PLURAL');

const problems: string[] = [];
const namespaces = new Set(languages.flatMap((language) => fs.readdirSync(path.join(root, language))));
for (const namespace of [...namespaces].sort()) {
  const sets = new Map<string, Set<string>>();
  for (const language of languages) {
    const file = path.join(root, language, namespace);
    if (!fs.existsSync(file)) {
      problems.push(`${language}/${namespace} is missing`);
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${language}/${namespace} is not valid JSON: ${(error as Error).message}`);
      continue;
    }
    const keys = keysOf(data);
    for (const key of keys) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${language}/${namespace}: "${key}" is empty`);
    }
    sets.set(language, new Set(keys.map(normalise)));
  }
  const reference = sets.get('es');
  if (!reference) continue;
  for (const [language, keys] of sets) {
    for (const key of reference) if (!keys.has(key)) problems.push(`${language}/${namespace}: missing "${key}"`);
    for (const key of keys) if (!reference.has(key)) problems.push(`${language}/${namespace}: "${key}" is not in es`);
  }
}

// The audit screens name each action the server can write (contracts/audit.ts) by its label.
const actionKeys = new Set(ACCIONES_AUDITORIA.map((accion) => `action_${accion.replace(/\./g, '_')}`));
for (const language of languages) {
  const file = path.join(root, language, 'audit.json');
  let keys: string[];
  try {
    keys = Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object);
  } catch {
    continue; // reported above
  }
  for (const key of actionKeys) if (!keys.includes(key)) problems.push(`${language}/audit.json: no label "${key}" for an audit action`);
  for (const key of keys) if (key.startsWith('action_') && !actionKeys.has(key)) problems.push(`${language}/audit.json: "${key}" is not an audit action`);
}

if (problems.length > 0) {
  console.error(`Translation files differ:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`locales ok: ${namespaces.size} namespaces in ${languages.join(', ')}`);
