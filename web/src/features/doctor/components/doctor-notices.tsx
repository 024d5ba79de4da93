import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatInstant } from '../../../lib/format.ts';
import { useDoctorNotices } from '../api/doctor-notices.ts';

/** The doctor's home: "Ana López canceló su visita del …": what patients changed lately. */
export function DoctorNotices() {
  const { t, i18n } = useTranslation('notices');
  const notices = useDoctorNotices();
  if (!notices.data) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="xl" component="section" aria-labelledby="doctor-notices-title">
      <Title order={2} size="h4" id="doctor-notices-title">
        {t('doctor_title')}
      </Title>
      {notices.data.length === 0 ? (
        <Text c="dimmed" mt="xs">
          {t('doctor_empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={6} mt="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {notices.data.map((notice) => (
            <li key={notice.id_notificacion}>
              <Text size="sm">{t(`doctor_${notice.tipo}`, { patient: notice.paciente, date: formatDate(notice.fecha, i18n.language), time: notice.hora })}</Text>
              <Text size="xs" c="dimmed">
                {formatInstant(notice.creado_en, i18n.language)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
