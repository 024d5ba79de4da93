// Fails when the three languages' translation files differ in their files, keys or placeholders:
// the web's (web/src/locales), the server's e-mails, PDFs, calendar files and assistant
// (server/locales) and the audit sentences both read (contracts/locales). It also wants every
// plural form a language has, and the four sentences of every audit action.
import fs from 'node:fs';
import path from 'node:path';
import { ACCIONES_AUDITORIA } from '../contracts/audit.ts';

const roots = [
  { name: 'web', folder: new URL('../web/src/locales', import.meta.url).pathname },
  { name: 'server', folder: new URL('../server/locales', import.meta.url).pathname },
  { name: 'contracts', folder: new URL('../contracts/locales', import.meta.url).pathname },
];
const languages = ['es', 'ca', 'en'];

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

/** Plural keys (_one, _other, _many...) count as one key: languages differ in their plural forms. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const normalise = (key: string) => key.replace(PLURAL_SUFFIX, '_PLURAL');

/** The plural forms i18next asks for in a language (es: one, many, other): a missing one prints the key. */
const pluralForms = (language: string) => new Intl.PluralRules(language).resolvedOptions().pluralCategories;

/**
 * Placeholders a translation may leave out: English names the reader of their own unknown action
 * 'You', where Spanish and Catalan, with no subject pronoun there, keep the name.
 */
const MAY_LEAVE_OUT: Record<string, Record<string, string[]>> = {
  'contracts audit-sentences.json': { did_unknown_self: ['who'] },
};

/** The names of a text's {{placeholders}} ({{count}}, {{date, short}} -> count, date). */
const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*([^\s,}]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');

const problems: string[] = [];
let namespaceCount = 0;
for (const root of roots) {
  const namespaces = new Set(languages.flatMap((language) => fs.readdirSync(path.join(root.folder, language))));
  namespaceCount += namespaces.size;
  for (const namespace of [...namespaces].sort()) {
    const where = (language: string) => `${root.name} ${language}/${namespace}`;
    // Per language: each key (plural forms as one) with the placeholders its texts use.
    const tables = new Map<string, Map<string, Set<string>>>();
    for (const language of languages) {
      const file = path.join(root.folder, language, namespace);
      if (!fs.existsSync(file)) {
        problems.push(`${where(language)} is missing`);
        continue;
      }
      let data: unknown;
      try {
        data = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (error) {
        problems.push(`${where(language)} is not valid JSON: ${(error as Error).message}`);
        continue;
      }
      const table = new Map<string, Set<string>>();
      const pluralKeys = new Map<string, Set<string>>();
      for (const key of keysOf(data)) {
        const plural = PLURAL_SUFFIX.exec(key);
        if (plural) {
          const base = key.slice(0, plural.index);
          pluralKeys.set(base, (pluralKeys.get(base) ?? new Set()).add(plural[1] ?? ''));
        }
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], data);
        if (typeof value !== 'string' || value.trim() === '') {
          problems.push(`${where(language)}: "${key}" is empty`);
          continue;
        }
        const names = table.get(normalise(key)) ?? new Set<string>();
        for (const name of placeholdersOf(value)) names.add(name);
        table.set(normalise(key), names);
      }
      // The web's files predate this rule (es and ca lack _many, used from a million on).
      for (const [base, forms] of root.name === 'web' ? [] : pluralKeys) {
        for (const form of pluralForms(language)) {
          // i18next looks for _zero only when a file has it; count 0 takes the language's own form.
          if (!forms.has(form)) problems.push(`${where(language)}: "${base}" has no plural form _${form}`);
        }
      }
      tables.set(language, table);
    }
    const reference = tables.get('es');
    if (!reference) continue;
    for (const [language, table] of tables) {
      for (const key of reference.keys()) if (!table.has(key)) problems.push(`${where(language)}: missing "${key}"`);
      for (const [key, names] of table) {
        const expected = reference.get(key);
        if (!expected) {
          problems.push(`${where(language)}: "${key}" is not in es`);
          continue;
        }
        const optional = MAY_LEAVE_OUT[`${root.name} ${namespace}`]?.[key] ?? [];
        const differ =
          [...names].some((name) => !expected.has(name)) ||
          [...expected].some((name) => !names.has(name) && !(language !== 'es' && optional.includes(name)));
        if (differ)
          problems.push(`${where(language)}: "${key}" has placeholders {${[...names].sort().join(', ')}}, es has {${[...expected].sort().join(', ')}}`);
      }
    }
  }
}

// The audit screens name each action the server can write (contracts/audit.ts) by its label.
const webRoot = roots[0]?.folder ?? '';
const actionKeys = new Set(ACCIONES_AUDITORIA.map((accion) => `action_${accion.replace(/\./g, '_')}`));
for (const language of languages) {
  const file = path.join(webRoot, language, 'audit.json');
  let keys: string[];
  try {
    keys = Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object);
  } catch {
    continue; // reported above
  }
  for (const key of actionKeys) if (!keys.includes(key)) problems.push(`${language}/audit.json: no label "${key}" for an audit action`);
  for (const key of keys) if (key.startsWith('action_') && !actionKeys.has(key)) problems.push(`${language}/audit.json: "${key}" is not an audit action`);
}

// Every audit action is told from each point of view (contracts/audit-sentences.ts picks one by context).
const sentencesRoot = roots[2]?.folder ?? '';
for (const language of languages) {
  let keys: string[];
  try {
    keys = Object.keys(JSON.parse(fs.readFileSync(path.join(sentencesRoot, language, 'audit-sentences.json'), 'utf8')) as object);
  } catch {
    continue; // reported above
  }
  for (const accion of ACCIONES_AUDITORIA) {
    const key = `did_${accion.replace(/\./g, '_')}`;
    for (const variant of [key, `${key}_yours`, `${key}_theirs`, `${key}_self`])
      if (!keys.includes(variant)) problems.push(`${language}/audit-sentences.json: no sentence "${variant}" for an audit action`);
  }
}

if (problems.length > 0) {
  console.error(`Translation files differ:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`locales ok: ${namespaceCount} namespaces (web, server and contracts) in ${languages.join(', ')}`);
