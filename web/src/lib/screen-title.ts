import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenName } from '../../../contracts/routes.ts';

/** The common-namespace key of a screen's name: menus, headings and the document title use it. */
export function screenTitleKey(name: ScreenName | 'forbidden'): string {
  return `screen_${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}

/** Sets the document title to '{title} · Galeno' in the current language while the screen is shown. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('common');
  const text = t('title_suffix', { title });
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** The name of a screen in the current language. */
export function useScreenTitle(name: ScreenName | 'forbidden'): string {
  const { t } = useTranslation('common');
  return t(screenTitleKey(name));
}
