import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoctorDia } from '../../../../../contracts/clinic-day.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadDayList } from '../api/download-day-list.ts';
import { VisitRow } from './visit-row.tsx';

/** One doctor's day: their name and specialty, whether they run late, the day list on paper, their visits by time. */
export function DoctorDay({ doctor, fecha, isToday, now }: { doctor: DoctorDia; fecha: string; isToday: boolean; now: number }) {
  const { t } = useTranslation('clinic-day');
  const headingId = useId();
  const [printing, setPrinting] = useState(false);
  const name = t(doctor.sexo === 'F' ? 'doctor_female' : doctor.sexo === 'M' ? 'doctor_male' : 'doctor_other', { name: doctor.doctor });

  const print = async () => {
    setPrinting(true);
    try {
      await downloadDayList(doctor.id_doctor, fecha);
    } catch {
      notifyError(t('print_failed'));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h4" id={headingId}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {doctor.especialidad} · {t('visits_count', { count: doctor.visitas.length })}
          </Text>
        </div>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          loading={printing}
          aria-label={t('print_label', { doctor: name })}
          onClick={() => void print()}
        >
          {t('print')}
        </Button>
      </Group>
      {doctor.retrasado && (
        <Alert color="orange" variant="light" mt="sm" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('late', { count: doctor.retraso_min })}
        </Alert>
      )}
      {doctor.visitas.length === 0 ? (
        <Text mt="sm" c="dimmed">
          {t('no_visits')}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} mt="xs" p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {doctor.visitas.map((visit) => (
            <VisitRow key={visit.id_cita} visit={visit} fecha={fecha} isToday={isToday} now={now} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
