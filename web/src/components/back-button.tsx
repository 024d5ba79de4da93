import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { goBackOr } from '../lib/router.tsx';

/** "Volver": one step back in the app's history, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation('common');
  const onClick = () => goBackOr(fallback);
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onClick} px="xs">
      {t('back')}
    </Button>
  );
}
