import { Anchor, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDown, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { formatIso } from '../../../lib/calendar.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadAppointmentCalendar } from '../api/download-appointment-calendar.ts';
import classes from './booked-appointment-summary.module.css';

export interface BookedAppointment {
  id_cita: number;
  fecha: string;
  hora: string;
  hora_fin: string;
  doctor: string;
  specialty: string;
}

/**
 * What the patient has just asked for, after 'Cita registrada con éxito': when, with whom, what
 * 'pending' means (the doctor must accept it; the answer shows in /mis-visitas), and the appointment
 * as a calendar file.
 */
export function BookedAppointmentSummary({ appointment, onClose }: { appointment: BookedAppointment; onClose: () => void }) {
  const { t, i18n } = useTranslation('booking');
  const [downloading, setDownloading] = useState(false);
  const date = formatIso(appointment.fecha, { dateStyle: 'full' }, i18n.language);

  const addToCalendar = async () => {
    setDownloading(true);
    try {
      await downloadAppointmentCalendar(appointment.id_cita);
    } catch {
      notifyError(t('ics_failed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="resumen-cita" withBorder radius="md" p="md" className={classes.summary}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconCircleCheck aria-hidden className={classes.icon} />
            <Title order={2} size="h4" id="resumen-cita">
              {t('summary_title')}
            </Title>
          </Group>
          <CloseButton aria-label={t('summary_close')} onClick={onClose} />
        </Group>
        <Text component="dl" m={0}>
          {[
            [t('summary_date'), date],
            [t('summary_time'), `${appointment.hora}–${appointment.hora_fin}`],
            [t('doctor'), appointment.doctor],
            [t('specialty'), appointment.specialty],
          ].map(([label, value]) => (
            <Group key={label} gap={6} wrap="wrap">
              <Text component="dt" fw={700}>
                {label}:
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Text>
        <Text>{t('summary_pending')}</Text>
        <Text size="sm">{t('summary_reminder')}</Text>
        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconCalendarDown size={16} aria-hidden />} loading={downloading} onClick={() => void addToCalendar()}>
            {t('add_to_calendar')}
          </Button>
          <Anchor component={Link} to="/mis-visitas" fw={600}>
            {t('summary_visits_link')}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
