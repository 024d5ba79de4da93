import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../../contracts/messages/languages.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetAccountLanguage } from '../api/account.ts';

/**
 * The language of the account: its e-mails and reminders are written in it. Choosing one saves it
 * and shows the screens in it too.
 */
export function AccountLanguage({ idioma }: { idioma: Language }) {
  const { t, i18n } = useTranslation('account');
  const save = useSetAccountLanguage();

  const change = async (value: string) => {
    if (!isLanguage(value)) return;
    try {
      await save.mutateAsync(value);
      await i18n.changeLanguage(value);
      notifySuccess(i18n.t('account:language_saved', { lng: value }));
    } catch {
      notifyError(t('language_save_failed'));
    }
  };

  return (
    <NativeSelect
      label={t('field_language')}
      description={t('language_hint')}
      value={idioma}
      data={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      onChange={(event) => void change(event.currentTarget.value)}
      disabled={save.isPending}
      maw={320}
    />
  );
}
