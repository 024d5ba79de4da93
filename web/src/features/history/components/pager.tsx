import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Previous / Next over a paged list, with "Página n de m"; nothing when it fits on one page. */
export function Pager({ page, total, pageSize, onChange, label }: { page: number; total: number; pageSize: number; onChange: (page: number) => void; label: string }) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="center" gap="sm" mt="md" component="nav" aria-label={label}>
      <Button variant="default" size="compact-md" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('page_of', { page, pages })}
      </Text>
      <Button variant="default" size="compact-md" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t('next')}
      </Button>
    </Group>
  );
}
