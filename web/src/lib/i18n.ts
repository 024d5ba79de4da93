import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../../../contracts/messages/es.ts';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../contracts/messages/languages.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

// Each feature's strings live in locales/<lang>/<namespace>.json and load when a screen asks.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
// The messages shared with the server (namespaces `validation` and `api`): one language's table at a time.
const messageLoaders = import.meta.glob<Record<string, Messages>>('../../../contracts/messages/{es,ca,en}.ts');
export const SHARED_NAMESPACES = ['validation', 'api'] as const;

async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  if ((SHARED_NAMESPACES as readonly string[]).includes(namespace)) {
    const load = messageLoaders[`../../../contracts/messages/${language}.ts`];
    const table = load ? (await load())[language] : undefined;
    return table?.[namespace as (typeof SHARED_NAMESPACES)[number]] ?? {};
  }
  const load = loaders[`../locales/${language}/${namespace}.json`];
  return load ? (await load()).default : {};
}

const stored = readStorage(STORAGE_KEYS.language);
const initial: Language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;

void i18n
  .use(initReactI18next)
  .use({
    type: 'backend',
    init() {},
    read(
      language: string,
      namespace: string,
      callback: (error: unknown, data: Record<string, unknown> | null) => void,
    ) {
      loadNamespace(language, namespace).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error, null),
      );
    },
  })
  .init({
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // Every screen uses `common`; a screen's own namespaces load with its code (app/router.tsx).
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

document.documentElement.lang = initial;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  writeStorage(STORAGE_KEYS.language, language);
});

/** The message of a validation key from a shared schema, in the current language. */
export function validationText(key: string | undefined): string | undefined {
  if (!key) return undefined;
  return i18n.exists(`validation:${key}`) ? i18n.t(`validation:${key}`) : key;
}

export default i18n;
