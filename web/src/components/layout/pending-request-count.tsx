import { Badge, VisuallyHidden } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePendingRequestCount } from '../../lib/appointments/get-pending-requests.ts';
import { queryClient } from '../../lib/query-client.ts';

function Count() {
  const { t } = useTranslation('common');
  const count = usePendingRequestCount(true).data ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Badge component="span" size="sm" color="orange.9" variant="filled" ml={6} aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>, {t('nav_pending_requests', { count })}</VisuallyHidden>
    </>
  );
}

/**
 * The doctor's count of pending requests beside 'Agenda' in the menu. Loaded on its own (the header
 * renders before any screen brings the query cache), on the cache the screens share, so answering
 * a request in the agenda updates it.
 */
export default function PendingRequestCount() {
  return (
    <QueryClientProvider client={queryClient}>
      <Count />
    </QueryClientProvider>
  );
}
