import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisitaDia } from '../../../../../contracts/clinic-day.ts';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ApiError } from '../../../lib/api.ts';
import { Link } from '../../../lib/router.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { minutesSince, useServerNow } from '../../../lib/use-server-now.ts';
import { useCallIn } from '../api/call-in.ts';
import { downloadOwnDayList } from '../api/download-day-list.ts';
import { useWaitingRoom } from '../api/get-waiting-room.ts';

/** The doctor's waiting room on their home: who has arrived, for how long, and "Llamar". */
export function WaitingRoom() {
  const { t } = useTranslation('home');
  const room = useWaitingRoom();
  const headingId = useId();
  const now = useServerNow(room.data?.ahora, room.dataUpdatedAt);
  const call = useCallIn();
  const [printing, setPrinting] = useState(false);

  const print = async (id_doctor: number, fecha: string) => {
    setPrinting(true);
    try {
      await downloadOwnDayList(id_doctor, fecha);
    } catch {
      notifyError(t('waiting_print_failed'));
    } finally {
      setPrinting(false);
    }
  };

  const callIn = async (visit: VisitaDia) => {
    try {
      await call.mutateAsync(visit.id_cita);
      notifySuccess(t('waiting_called', { patient: visit.paciente }));
    } catch (error) {
      notifyError(error instanceof ApiError && error.status < 500 ? error.message : t('waiting_call_failed'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} mb="md">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          {t('waiting_title')}
        </Title>
        {room.data && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={printing}
            onClick={() => room.data && void print(room.data.id_doctor, room.data.hoy)}
          >
            {t('waiting_print')}
          </Button>
        )}
      </Group>
      {!room.data ? (
        <QueryFallback pending={room.isPending} failed={t('waiting_failed')} />
      ) : (
        <>
          {room.data.retrasado && (
            <Alert color="orange" variant="light" mt="sm" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t('waiting_late', { count: room.data.retraso_min })}
            </Alert>
          )}
          {room.data.visitas.length === 0 ? (
            <Text mt="xs" c="dimmed">
              {t('waiting_none')}
            </Text>
          ) : (
            <Stack component="ul" gap={0} m={0} mt="xs" p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
              {room.data.visitas.map((visit) => (
                <Group
                  key={visit.id_cita}
                  component="li"
                  gap="xs"
                  py={8}
                  wrap="wrap"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Text fw={700} w="3.5rem">
                    {visit.hora}
                  </Text>
                  <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Anchor component={Link} to={`/medical-record?paciente=${visit.id_paciente}`}>
                      {visit.paciente}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {visit.estado === 'llego' && visit.llegada_en
                        ? t('waiting_since', { time: visit.llegada, count: minutesSince(visit.llegada_en, now) })
                        : t('waiting_in_consultation')}
                    </Text>
                  </Stack>
                  {visit.extra && (
                    <Badge variant="outline" color="gray" tt="none" w="max-content">
                      {t('waiting_extra')}
                    </Badge>
                  )}
                  {visit.estado === 'llego' ? (
                    <Button
                      size="xs"
                      color="grape.9"
                      disabled={call.isPending}
                      aria-label={t('waiting_call_label', { patient: visit.paciente })}
                      onClick={() => void callIn(visit)}
                    >
                      {t('waiting_call')}
                    </Button>
                  ) : (
                    <Badge color="grape.9" variant="filled" tt="none" w="max-content">
                      {t('waiting_state_en_consulta')}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
}
