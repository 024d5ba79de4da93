import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous / next through a server-paged list, with where the user is and how many there are. */
export function ListPager({ page, pageSize, total, onChange }: ListPagerProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('results', { count: total })} · {t('page_of', { page, pages })}
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
