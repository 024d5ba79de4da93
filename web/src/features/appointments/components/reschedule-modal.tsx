import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Disponibilidad, MiCita } from '../../../../../contracts/appointments.ts';
import { AvailabilityGrid } from '../../../components/availability-grid.tsx';
import { ApiError } from '../../../lib/api.ts';
import { addDaysIso, formatIso, mondayOf, todayIso } from '../../../lib/calendar.ts';
import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DAYS_SHOWN, useAvailability } from '../api/get-availability.ts';
import { useRescheduleAppointment } from '../api/reschedule-appointment.ts';

/**
 * 'Cambiar hora': the appointment's doctor's week, in the booking grid; a free slot,
 * once confirmed, becomes the appointment's new time in one step (it waits for the doctor again).
 */
export function RescheduleModal({ cita, onClose }: { cita: MiCita | null; onClose: () => void }) {
  const { t } = useTranslation('visits');
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={cita !== null}
      onClose={onClose}
      title={t('reschedule_title')}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {cita && <RescheduleGrid key={cita.id_cita} cita={cita} onDone={onClose} />}
    </Modal>
  );
}

function RescheduleGrid({ cita, onDone }: { cita: MiCita; onDone: () => void }) {
  const { t, i18n } = useTranslation('visits');
  const language = i18n.language;
  const today = todayIso();
  // Opens on the week of the appointment, which is where a nearby time is usually wanted.
  const [from, setFrom] = useState(() => mondayOf(cita.fecha < today ? today : cita.fecha));
  const slots = useAvailability(cita.id_doctor, from);
  const reschedule = useRescheduleAppointment();
  const longDate = (fecha: string) => formatIso(fecha, { dateStyle: 'full' }, language);
  const to = addDaysIso(from, DAYS_SHOWN - 1);
  const period = `${formatIso(from, { day: 'numeric', month: 'long' }, language)} – ${formatIso(to, { dateStyle: 'long' }, language)}`;

  const onPick = async (slot: Disponibilidad) => {
    const confirmed = await confirmAction(
      t('reschedule_confirm', { from_date: longDate(cita.fecha), from_time: cita.hora, to_date: longDate(slot.fecha), to_time: slot.hora_inicio }),
      { confirmLabel: t('reschedule_confirm_button'), cancelLabel: t('common:back') },
    );
    if (!confirmed) return;
    try {
      await reschedule.mutateAsync({ id_cita: cita.id_cita, fecha: slot.fecha, hora: slot.hora_inicio });
      notifySuccess(t('rescheduled', { date: longDate(slot.fecha), time: slot.hora_inicio }));
      onDone();
    } catch (error) {
      const detail = error instanceof ApiError && error.status < 500 ? error.message : '';
      notifyError(detail ? t('reschedule_failed_detail', { detail }) : t('reschedule_failed'));
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('reschedule_intro', { doctor: cita.doctor, date: longDate(cita.fecha), time: cita.hora })}
      </Text>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" role="group" aria-label={t('reschedule_weeks')}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronsLeft size={16} aria-hidden />}
            disabled={from <= mondayOf(today)}
            onClick={() => setFrom(addDaysIso(from, -7))}
          >
            {t('booking:week_previous')}
          </Button>
          <Button variant="default" size="xs" rightSection={<IconChevronsRight size={16} aria-hidden />} onClick={() => setFrom(addDaysIso(from, 7))}>
            {t('booking:week_next')}
          </Button>
        </Group>
        <Group gap="xs">
          {(slots.isFetching || reschedule.isPending) && <Loader size="xs" aria-label={t('common:loading')} />}
          <Text fw={500} aria-live="polite">
            {period}
          </Text>
        </Group>
      </Group>
      {slots.isError ? (
        <Alert color="red" role="alert">
          {t('booking:availability_failed')}
        </Alert>
      ) : slots.data ? (
        <>
          <AvailabilityGrid
            from={from}
            days={DAYS_SHOWN}
            today={today}
            slots={slots.data}
            caption={t('booking:grid_caption', { doctor: cita.doctor, period })}
            onPick={(slot) => void onPick(slot)}
          />
          {slots.data.length === 0 && <Text c="dimmed">{t('booking:no_slots')}</Text>}
        </>
      ) : (
        <Loader aria-label={t('common:loading')} />
      )}
    </Stack>
  );
}
