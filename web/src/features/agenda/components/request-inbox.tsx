import { Badge, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '../../../components/list-pager.tsx';
import { PENDING_REQUESTS_PAGE_SIZE, usePendingRequests } from '../../../lib/appointments/get-pending-requests.ts';
import { RequestList } from './request-list.tsx';

/** Every pending request still to come, whatever its day, oldest request first: the doctor's inbox. */
export function RequestInbox({ onShowDay }: { onShowDay: (fecha: string) => void }) {
  const { t } = useTranslation('agenda');
  const [page, setPage] = useState(1);
  const inbox = usePendingRequests(page);
  const total = inbox.data?.total ?? 0;
  const items = inbox.data?.items ?? [];
  // Answering the last request of the last page leaves that page empty: step back.
  if (inbox.data && items.length === 0 && page > 1) setPage(page - 1);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="bandeja-titulo">
      <Group gap="xs" wrap="nowrap" align="center">
        {/* The agenda's "Ver N solicitudes pendientes" on a phone lands here, below the 60 px sticky header. */}
        <Title order={2} size="h3" id="bandeja-titulo" style={{ scrollMarginTop: 'calc(60px + var(--mantine-spacing-sm))' }}>
          {t('requests_title')}
        </Title>
        {total > 0 && (
          <Badge color="orange.9" variant="filled" aria-hidden>
            {total}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
        {inbox.data && total > 0 ? t('inbox_summary', { count: total }) : t('inbox_hint')}
      </Text>
      {inbox.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : inbox.isError ? (
        <Text role="alert">{t('requests_load_error')}</Text>
      ) : items.length === 0 ? (
        <Text>{t('inbox_empty')}</Text>
      ) : (
        <RequestList requests={items} withDate onShowDay={onShowDay} />
      )}
      {total > PENDING_REQUESTS_PAGE_SIZE && (
        <ListPager page={page} pageSize={PENDING_REQUESTS_PAGE_SIZE} total={total} onChange={setPage} />
      )}
    </Paper>
  );
}
