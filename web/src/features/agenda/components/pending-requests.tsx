import { Loader, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatIso } from '../../../lib/calendar.ts';
import { useDayRequests } from '../api/get-day-requests.ts';
import { RequestList } from './request-list.tsx';

/** The pending appointment requests of the selected day, each accepted or rejected here (spec section 2). */
export function PendingRequests({ idDoctor, fecha }: { idDoctor: number; fecha: string }) {
  const { t } = useTranslation('agenda');
  const requests = useDayRequests(idDoctor, fecha);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="solicitudes-titulo">
      <Title order={2} size="h3" id="solicitudes-titulo">
        {t('requests_of_day', { date: formatIso(fecha, { day: 'numeric', month: 'long', year: 'numeric' }) })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('requests_of_day_hint')}
      </Text>
      {requests.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : requests.isError ? (
        <Text role="alert">{t('requests_load_error')}</Text>
      ) : requests.data.length === 0 ? (
        <Text>{t('no_requests')}</Text>
      ) : (
        <RequestList requests={requests.data} />
      )}
    </Paper>
  );
}
