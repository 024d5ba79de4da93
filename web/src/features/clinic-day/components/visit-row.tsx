import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ConfirmedByPatient, VisitNotices } from '../../../components/visit-notices.tsx';
import { useTranslation } from 'react-i18next';
import type { VisitaDia } from '../../../../../contracts/clinic-day.ts';
import { ApiError } from '../../../lib/api.ts';
import { hasBegun } from '../../../lib/calendar.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCheckIn } from '../api/check-in.ts';
import { useMarkNoShow } from '../api/mark-no-show.ts';
import { useUndoCheckIn } from '../api/undo-check-in.ts';
import { DayStateBadge } from './day-state-badge.tsx';
import { minutesSince } from '../../../lib/use-server-now.ts';
import { phoneForReading, phoneHref } from '../../../lib/clinic.ts';

const detailOf = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : '');

/** One visit of a doctor's day: time, patient, phone, reason, state, waiting minutes and the desk's one-click actions. */
export function VisitRow({ visit, fecha, isToday, now }: { visit: VisitaDia; fecha: string; isToday: boolean; now: number }) {
  const { t } = useTranslation('clinic-day');
  const checkIn = useCheckIn();
  const undo = useUndoCheckIn();
  const noShow = useMarkNoShow();
  const busy = checkIn.isPending || undo.isPending || noShow.isPending;
  const names = { patient: visit.paciente, time: visit.hora };

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      notifySuccess(done);
    } catch (error) {
      const detail = detailOf(error);
      notifyError(detail || t('action_failed'));
    }
  };

  const waited = visit.estado === 'llego' && visit.llegada_en && isToday ? minutesSince(visit.llegada_en, now) : visit.espera_min;
  const mayNoShow = visit.estado === 'citado' && hasBegun(fecha, visit.hora, new Date(now));

  return (
    <Stack component="li" gap={4} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={700} w="3.2rem" style={{ flexShrink: 0 }}>
          {visit.hora}
        </Text>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{visit.paciente}</Text>
            <DayStateBadge estado={visit.estado} />
            {visit.extra && (
              <Badge variant="outline" color="gray" tt="none" w="max-content">
                {t('extra')}
              </Badge>
            )}
            {visit.confirmada_paciente && <ConfirmedByPatient />}
          </Group>
          <Text size="sm" c="dimmed">
            {visit.telefono ? (
              <Anchor href={phoneHref(visit.telefono)} size="sm" aria-label={t('call_phone', { patient: visit.paciente, phone: phoneForReading(visit.telefono) })}>
                {phoneForReading(visit.telefono)}
              </Anchor>
            ) : (
              t('no_phone')
            )}
            {' · '}
            {visit.motivo}
          </Text>
          {visit.llegada && (
            <Text size="sm">
              {visit.estado === 'llego' && waited !== null
                ? t('arrived_waiting', { time: visit.llegada, count: waited })
                : waited !== null
                  ? t('arrived_waited', { time: visit.llegada, count: waited })
                  : t('arrived_at', { time: visit.llegada })}
            </Text>
          )}
          <VisitNotices id_cita={visit.id_cita} />
        </Stack>
      </Group>
      {isToday && (visit.estado === 'citado' || visit.estado === 'llego') && (
        <Group gap="xs" pl="3.7rem" wrap="wrap">
          {visit.estado === 'citado' && (
            <Button size="xs" color="blue.9" disabled={busy} aria-label={t('check_in_label', names)} onClick={() => void act(() => checkIn.mutateAsync(visit.id_cita), t('checked_in', names))}>
              {t('check_in')}
            </Button>
          )}
          {mayNoShow && (
            <Button size="xs" variant="default" disabled={busy} aria-label={t('no_show_label', names)} onClick={() => void act(() => noShow.mutateAsync(visit.id_cita), t('marked_no_show', names))}>
              {t('no_show')}
            </Button>
          )}
          {visit.estado === 'llego' && (
            <Button size="xs" variant="default" disabled={busy} aria-label={t('undo_label', names)} onClick={() => void act(() => undo.mutateAsync(visit.id_cita), t('undone', names))}>
              {t('undo')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
