import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format.ts';

interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** There are more than `total` items (a search the server counted up to a limit). */
  approximate?: boolean | undefined;
  onChange: (page: number) => void;
}

/** Previous / next through a server-paged list, with where the user is and how many there are. */
export function ListPager({ page, pageSize, total, approximate = false, onChange }: ListPagerProps) {
  const { t, i18n } = useTranslation('common');
  // With an approximate total, item total + 1 exists: its page is the last one known to exist.
  const pages = Math.max(1, Math.ceil((approximate ? total + 1 : total) / pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {approximate
          ? `${t('results_more', { count: total, total: formatCount(total, i18n.language) })} · ${t('page_of_more', { page, pages })}`
          : `${t('results', { count: total })} · ${t('page_of', { page, pages })}`}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {t('previous')}
        </Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onChange(page + 1)}>
          {t('next')}
        </Button>
      </Group>
    </Group>
  );
}
