import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { formatIso } from '../../../lib/calendar.ts';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { useServerNow } from '../../../lib/use-server-now.ts';
import { dayBoardQuery, useDayBoard } from '../api/get-day-board.ts';
import { DoctorDay } from '../components/doctor-day.tsx';
import { WalkInDialog } from '../components/walk-in-dialog.tsx';

export const firstReads: FirstReads = (client) => void client.prefetchQuery(dayBoardQuery(undefined));

/** "Hoy en la clínica": reception's home, every doctor's visits of the day, kept current by itself. */
export default function ClinicTodayPage() {
  const { t, i18n } = useTranslation('clinic-day');
  const [fecha, setFecha] = useState<string | undefined>(undefined);
  const [walkIn, setWalkIn] = useState(false);
  const board = useDayBoard(fecha);
  const now = useServerNow(board.data?.ahora, board.dataUpdatedAt);
  const data = board.data;
  const isToday = data !== undefined && data.fecha === data.hoy;

  return (
    <Page size="xl" title={t('title')} intro={t('intro')}>
      <Group justify="space-between" align="flex-end" gap="sm" mb="md" wrap="wrap">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <DateField
            label={t('date')}
            value={data?.fecha ?? fecha ?? ''}
            onChange={(value) => setFecha(value || undefined)}
            w={{ base: '100%', xs: '12rem' }}
          />
          {fecha !== undefined && !isToday && (
            <Button variant="default" onClick={() => setFecha(undefined)}>
              {t('back_to_today')}
            </Button>
          )}
        </Group>
        {isToday && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setWalkIn(true)}>
            {t('walk_in')}
          </Button>
        )}
      </Group>
      {!data ? (
        <QueryFallback pending={board.isPending} failed={t('load_failed')} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('showing_day', { date: formatIso(data.fecha, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, i18n.language) })}
          </Text>
          {board.isError && (
            <Alert color="orange" role="status" p="xs">
              {t('refresh_failed')}
            </Alert>
          )}
          {data.doctores.length === 0 ? (
            <Text>{t('no_doctors')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
              {data.doctores.map((doctor) => (
                <DoctorDay key={doctor.id_doctor} doctor={doctor} fecha={data.fecha} isToday={isToday} now={now} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      {walkIn && <WalkInDialog onClose={() => setWalkIn(false)} />}
    </Page>
  );
}
