import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../contracts/messages/languages.ts';
import { serverLocales, type ServerLocale } from '../locales/index.ts';

/** A file of texts for e-mails, PDFs or calendar files (server/locales/<language>/<namespace>.json). */
export type Namespace = keyof ServerLocale;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A namespace's keys, each plural group (grouped_subject_one, grouped_subject_other) as one key. */
type KeyOf<Table> = keyof Table extends infer Key
  ? Key extends `${infer Base}_${PluralForm}`
    ? Base
    : Key & string
  : never;

export type TextValues = Readonly<Record<string, string | number>>;

export interface Texts<Key extends string> {
  /** The text of a key with its {{placeholders}} filled in; a numeric `count` picks the plural form. */
  (key: Key, values?: TextValues): string;
  /** The text of a key made from data (a state's code), or undefined when the code has no text. */
  optional: (key: string, values?: TextValues) => string | undefined;
}

const pluralRules = Object.fromEntries(
  LANGUAGES.map((language) => [language, new Intl.PluralRules(language)]),
) as Record<Language, Intl.PluralRules>;

// One pass: a value that itself holds {{...}} (a name someone typed) is never filled in again.
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function fill(text: string, values: TextValues | undefined, where: string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values?.[name];
    if (value === undefined) throw new Error(`The text ${where} needs a value for {{${name}}}`);
    return String(value);
  });
}

const cache = new Map<string, Texts<string>>();

/**
 * The texts of a namespace in a language (Spanish for a language Galeno does not have). A key or a
 * value missing is a programming error the locale check and the tests catch, so it throws.
 */
export function textsFor<N extends Namespace>(namespace: N, language: Language): Texts<KeyOf<ServerLocale[N]>> {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const cached = cache.get(`${lang}/${namespace}`);
  if (cached) return cached;
  const table = serverLocales[lang][namespace];
  const lookup = (key: string, values: TextValues | undefined) => {
    const count = values?.count;
    const plural =
      typeof count === 'number'
        ? (table[`${key}_${pluralRules[lang].select(count)}`] ?? table[`${key}_other`])
        : undefined;
    const text = plural ?? table[key];
    return text === undefined ? undefined : fill(text, values, `${lang}/${namespace}:${key}`);
  };
  const texts = Object.assign(
    (key: string, values?: TextValues) => {
      const text = lookup(key, values);
      if (text === undefined) throw new Error(`There is no text ${lang}/${namespace}:${key}`);
      return text;
    },
    { optional: lookup },
  );
  cache.set(`${lang}/${namespace}`, texts);
  return texts;
}
