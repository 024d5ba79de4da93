import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../contracts/messages/languages.ts';
import classes from './language-select.module.css';

/** The language selector (es, ca, en); the choice is kept under `language`. */
export function LanguageSelect({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation('common');
  return (
    <select
      name="language"
      aria-label={t('language')}
      className={`${classes.select} ${classes[size]}`}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
    >
      {LANGUAGES.map((value) => (
        <option key={value} value={value}>
          {LANGUAGE_NAMES[value]}
        </option>
      ))}
    </select>
  );
}
