import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/messages/languages.ts';
import { serverI18n, type ServerLocale } from '../locales/index.ts';

/** A file of texts for e-mails, PDFs, calendar files or the assistant (server/locales/<language>/<namespace>.json). */
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

type Translate = (key: string, options: Record<string, unknown>) => string;

const cache = new Map<string, Texts<string>>();

/**
 * The texts of a namespace in a language (Spanish for a language Galeno does not have), translated
 * by the server's i18next. A key or a value missing is a programming error the locale check and
 * the tests catch, so it throws.
 */
export function textsFor<N extends Namespace>(namespace: N, language: Language): Texts<KeyOf<ServerLocale[N]>> {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const cached = cache.get(`${lng}/${namespace}`);
  if (cached) return cached;
  const t = serverI18n.getFixedT(lng, namespace) as unknown as Translate;
  const lookup = (key: string, values: TextValues | undefined) => {
    const options = { ...values, lng, ns: namespace };
    if (!serverI18n.exists(key, options)) return undefined;
    return t(key, {
      ...values,
      missingInterpolationHandler: (_text: string, [placeholder]: RegExpExecArray) => {
        throw new Error(`The text ${lng}/${namespace}:${key} needs a value for ${placeholder}`);
      },
    });
  };
  const texts = Object.assign(
    (key: string, values?: TextValues) => {
      const text = lookup(key, values);
      if (text === undefined) throw new Error(`There is no text ${lng}/${namespace}:${key}`);
      return text;
    },
    { optional: lookup },
  );
  cache.set(`${lng}/${namespace}`, texts);
  return texts;
}
