import { ca } from './ca.ts';
import { en } from './en.ts';
import { es, type Messages } from './es.ts';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages.ts';

export const messages: Record<Language, Messages> = { es, ca, en };

export type ValidationKey = keyof Messages['validation'];
export type ApiCode = keyof Messages['api'];

/** A validation message in a language; unknown keys (free text) come back as they are. */
export function validationMessage(key: string, language: Language = DEFAULT_LANGUAGE): string {
  const table: Record<string, string> = messages[language].validation;
  return table[key] ?? key;
}

export function apiMessage(code: string, language: Language = DEFAULT_LANGUAGE): string | undefined {
  const table: Record<string, string> = messages[language].api;
  return table[code];
}
