/** The languages of the product; kept apart from the message tables so the web can load one at a time. */
export const LANGUAGES = ['es', 'ca', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** Each language by its own name, as a language selector shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { es: 'Español', ca: 'Català', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
