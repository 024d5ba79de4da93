import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatIso } from '../../../lib/calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAnswerRequest } from '../api/answer-request.ts';
import { useDayRequests } from '../api/get-day-requests.ts';

/** The pending appointment requests of the selected day, each accepted or rejected here. */
export function PendingRequests({ idDoctor, fecha }: { idDoctor: number; fecha: string }) {
  const { t } = useTranslation('agenda');
  const requests = useDayRequests(idDoctor, fecha);
  const answer = useAnswerRequest();

  const respond = async (id_cita: number, estado: 'Confirmada' | 'Cancelada') => {
    const accepted = estado === 'Confirmada';
    try {
      await answer.mutateAsync({ id_cita, estado });
      notifySuccess(t(accepted ? 'request_accepted' : 'request_rejected'));
    } catch {
      notifyError(t(accepted ? 'request_accept_failed' : 'request_reject_failed'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="solicitudes-titulo">
      <Title order={2} size="h3" id="solicitudes-titulo">
        {t('requests_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('requests_of_day', { date: formatIso(fecha, { day: 'numeric', month: 'long', year: 'numeric' }) })}
      </Text>
      {requests.isPending ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : requests.isError ? (
        <Text role="alert">{t('requests_load_error')}</Text>
      ) : requests.data.length === 0 ? (
        <Text>{t('no_requests')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {requests.data.map((request) => (
            <Paper component="li" key={request.id_cita} withBorder p="sm" radius="sm">
              <Text fw={600}>
                {request.hora.slice(0, 5)} · {request.paciente}
              </Text>
              <Text size="sm">{t('request_reason', { reason: request.motivo })}</Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  color="teal.9"
                  disabled={answer.isPending}
                  aria-label={t('accept_named', { patient: request.paciente, time: request.hora.slice(0, 5) })}
                  onClick={() => void respond(request.id_cita, 'Confirmada')}
                >
                  {t('accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={answer.isPending}
                  aria-label={t('reject_named', { patient: request.paciente, time: request.hora.slice(0, 5) })}
                  onClick={() => void respond(request.id_cita, 'Cancelada')}
                >
                  {t('reject')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
