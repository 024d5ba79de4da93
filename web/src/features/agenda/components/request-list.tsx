import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solicitud } from '../../../../../contracts/agenda.ts';
import { RejectRequestDialog, type RejectTarget } from '../../../components/reject-request-dialog.tsx';
import { ApiError } from '../../../lib/api.ts';
import { capitalized, formatIso } from '../../../lib/calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAnswerAppointmentRequest } from '../../../lib/appointments/answer-appointment-request.ts';

interface RequestListProps {
  requests: Solicitud[];
  /** Each request shows its date (the inbox, which holds every day), with a button to open that day. */
  withDate?: boolean;
  onShowDay?: (fecha: string) => void;
}

/** Pending requests, each accepted at once or rejected after a confirmation with an optional reason. */
export function RequestList({ requests, withDate = false, onShowDay }: RequestListProps) {
  const { t, i18n } = useTranslation('agenda');
  const answer = useAnswerAppointmentRequest();
  const [rejecting, setRejecting] = useState<(RejectTarget & { id_cita: number; seen: { fecha: string; hora: string } }) | null>(null);
  const longDate = (fecha: string) => formatIso(fecha, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, i18n.language);

  const accept = async (id_cita: number, seen: { fecha: string; hora: string }) => {
    try {
      await answer.mutateAsync({ id_cita, estado: 'Confirmada', seen });
      notifySuccess(t('request_accepted'));
    } catch (error) {
      // A request the patient moved meanwhile: the server's sentence says so.
      const detail = error instanceof ApiError && error.status === 409 ? ` ${error.message}` : '';
      notifyError(`${t('request_accept_failed')}${detail}`);
    }
  };

  const reject = async (motivo: string | undefined) => {
    if (!rejecting) return false;
    try {
      await answer.mutateAsync({ id_cita: rejecting.id_cita, estado: 'Cancelada', motivo, seen: rejecting.seen });
      notifySuccess(t('request_rejected'));
      return true;
    } catch (error) {
      const detail = error instanceof ApiError && (error.status === 400 || error.status === 409) ? ` ${error.message}` : '';
      notifyError(`${t('request_reject_failed')}${detail}`);
      return false;
    }
  };

  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {requests.map((request) => {
          const time = request.hora.slice(0, 5);
          const named = { patient: request.paciente, time, date: longDate(request.fecha) };
          return (
            <Paper component="li" key={request.id_cita} withBorder p="sm" radius="sm">
              {withDate && (
                <Text size="sm" fw={600}>
                  {capitalized(longDate(request.fecha))}
                </Text>
              )}
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {time} · {request.paciente}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('request_reason', { reason: request.motivo })}
              </Text>
              {request.no_presentados > 0 && (
                <Badge color="red.9" tt="none" mt={4} style={{ overflow: 'visible' }}>
                  {t('request_no_shows', { count: request.no_presentados })}
                </Badge>
              )}
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  color="teal.9"
                  disabled={answer.isPending}
                  aria-label={t(withDate ? 'accept_named_day' : 'accept_named', named)}
                  onClick={() => void accept(request.id_cita, { fecha: request.fecha, hora: request.hora })}
                >
                  {t('accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={answer.isPending}
                  aria-label={t(withDate ? 'reject_named_day' : 'reject_named', named)}
                  onClick={() => setRejecting({ id_cita: request.id_cita, paciente: request.paciente, date: longDate(request.fecha), time, seen: { fecha: request.fecha, hora: request.hora } })}
                >
                  {t('reject')}
                </Button>
                {onShowDay && (
                  <Button size="xs" variant="subtle" aria-label={t('show_day_named', named)} onClick={() => onShowDay(request.fecha)}>
                    {t('show_day')}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {rejecting && <RejectRequestDialog target={rejecting} busy={answer.isPending} onClose={() => setRejecting(null)} onReject={reject} />}
    </>
  );
}
