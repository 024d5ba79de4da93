import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { confirmAction } from '../../../lib/confirm.ts';
import { formatInstant } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed.ts';

/**
 * The doctor's calendar subscription address: made here, shown once with a copy
 * button (only its hash is kept), replaced or revoked at any time.
 */
export function CalendarFeed() {
  const { t, i18n } = useTranslation('doctor');
  const headingId = useId();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The address is in the answer that made it, and nowhere else.
  const [url, setUrl] = useState<string | null>(null);
  const active = feed.data?.activo ?? false;

  const onCreate = async () => {
    if (active && !(await confirmAction(t('feed_replace_confirm'), { confirmLabel: t('feed_replace'), cancelLabel: t('common:back'), danger: true }))) return;
    try {
      setUrl((await create.mutateAsync(undefined)).url);
    } catch {
      notifyError(t('feed_failed'));
    }
  };
  const onRevoke = async () => {
    if (!(await confirmAction(t('feed_revoke_confirm'), { confirmLabel: t('feed_revoke'), cancelLabel: t('common:back'), danger: true }))) return;
    try {
      await revoke.mutateAsync(undefined);
      setUrl(null);
      notifySuccess(t('feed_revoked'));
    } catch {
      notifyError(t('feed_failed'));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" mb="xs" id={headingId}>
        {t('feed_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('feed_intro')}
      </Text>
      {!feed.isSuccess ? (
        <QueryFallback pending={feed.isPending} failed={t('feed_failed')} size="sm" />
      ) : (
        <Stack gap="md">
          {url ? (
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label={t('feed_address')} value={url} readOnly onFocus={(event) => event.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} />
                <CopyButton value={url}>
                  {({ copied, copy }) => (
                    <Button variant={copied ? 'filled' : 'default'} color={copied ? 'teal.9' : undefined} onClick={copy}>
                      {copied ? t('feed_copied') : t('feed_copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm" role="status">
                {t('feed_shown_once')}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">
              {active && feed.data?.creado_en ? t('feed_active_since', { date: formatInstant(feed.data.creado_en, i18n.language) }) : t('feed_none')}
            </Text>
          )}
          <Group gap="sm">
            <Button onClick={() => void onCreate()} loading={create.isPending}>
              {active ? t('feed_replace') : t('feed_create')}
            </Button>
            {active && (
              <Button variant="default" color="red" onClick={() => void onRevoke()} loading={revoke.isPending}>
                {t('feed_revoke')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
