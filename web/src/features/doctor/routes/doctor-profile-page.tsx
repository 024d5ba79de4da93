import { fullName } from '../../../../../contracts/names.ts';
import { Alert, Badge, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { FailedPage } from '../../../components/page.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { FirstReads } from '../../../lib/first-reads.ts';
import { calendarFeedQuery } from '../api/calendar-feed.ts';
import { doctorProfileQuery, useDoctorProfile } from '../api/doctor-profile.ts';
import { ownWeeklyHoursQuery } from '../api/weekly-hours.ts';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { WeeklyHoursSummary } from '../components/weekly-hours-summary.tsx';
import { VisitTypeOffer } from '../components/visit-type-offer.tsx';
import { phoneForReading } from '../../../lib/clinic.ts';

export const firstReads: FirstReads = (client, { language }) => {
  void client.prefetchQuery(doctorProfileQuery(language));
  void client.prefetchQuery(ownWeeklyHoursQuery);
  void client.prefetchQuery(calendarFeedQuery);
};

export default function DoctorProfilePage() {
  const { t, i18n } = useTranslation('doctor');
  const profile = useDoctorProfile();
  const empty = t('common:empty_value');
  const show = (value: string | null | undefined) => value || empty;
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : empty);

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return <FailedPage size="lg" title={t('profile_title')} message={t('profile_error')} />;
  }
  const { usuario, ...doctor } = profile.data;
  const section = (title: string, children: ReactNode) => (
    <Paper withBorder radius="md" p="lg" component="section">
      <Title order={2} size="h3" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
  const cols = { base: 1, sm: 2, md: 3 };

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-start" mb="lg">
        <div>
          <Title order={1}>{t('profile_title')}</Title>
          <Text c="dimmed" mt="xs">
            {fullName(usuario)}
          </Text>
        </div>
        <Badge size="lg" color={doctor.estado === 'Activo' ? 'teal.9' : 'gray.7'} variant="filled">
          {t(`status_${doctor.estado}`)}
        </Badge>
      </Group>
      <Stack gap="lg">
        {doctor.creado_automaticamente && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title={t('auto_notice_title')}>
            {t('auto_notice')}
          </Alert>
        )}
        {section(
          t('section_personal'),
          <DefinitionList
            cols={cols}
            items={[
              { label: t('field_name'), value: usuario.nombre },
              { label: t('field_surnames'), value: [usuario.apellido1, usuario.apellido2].filter(Boolean).join(' ') },
              { label: t('field_email'), value: usuario.correo },
              { label: t('field_dni'), value: show(usuario.dni) },
              { label: t('field_birth'), value: date(usuario.nacimiento) },
              { label: t('field_sex'), value: usuario.sexo ? t(`sex_${usuario.sexo}`) : empty },
              { label: t('field_phone'), value: show(usuario.telefono && phoneForReading(usuario.telefono)) },
            ]}
          />,
        )}
        {section(
          t('section_address'),
          <DefinitionList
            cols={cols}
            items={[
              { label: t('field_address'), value: show(usuario.direccion.direccion) },
              { label: t('field_postcode'), value: show(usuario.direccion.codigo_postal) },
              { label: t('field_town'), value: show(usuario.direccion.localidad) },
              { label: t('field_province'), value: show(usuario.direccion.provincia) },
              { label: t('field_country'), value: show(usuario.direccion.pais) },
            ]}
          />,
        )}
        {section(
          t('section_professional'),
          <DefinitionList
            cols={cols}
            items={[
              { label: t('field_colegiado'), value: doctor.numero_colegiado },
              { label: t('field_specialty'), value: doctor.especialidad },
              { label: t('field_schedule'), value: show(doctor.horario) },
              { label: t('field_status'), value: t(`status_${doctor.estado}`) },
              { label: t('field_since'), value: date(doctor.fecha_alta) },
              { label: t('field_until'), value: date(doctor.fecha_baja) },
            ]}
          />,
        )}
        <WeeklyHoursSummary />
        <VisitTypeOffer />
        <CalendarFeed />
      </Stack>
    </Container>
  );
}
