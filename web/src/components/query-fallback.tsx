import { Alert, Loader, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What stands in for a query's content until it has it: a spinner while it loads, else the alert that it failed. */
export function QueryFallback({ pending, failed, size }: { pending: boolean; failed: ReactNode; size?: MantineSize }) {
  const { t } = useTranslation('common');
  if (pending) return <Loader size={size} aria-label={t('loading')} />;
  return (
    <Alert color="red" role="alert">
      {failed}
    </Alert>
  );
}
