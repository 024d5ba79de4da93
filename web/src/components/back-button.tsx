import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** "Volver": one step back in the app's history, or to `fallback` when the page was opened directly. */
export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const onClick = () => {
    // react-router keeps the position in history.state.idx; 0 means nothing of ours to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  };
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onClick} px="xs">
      {t('back')}
    </Button>
  );
}
