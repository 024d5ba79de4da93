import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { Visita } from '../../../../../contracts/consultations.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatIso, todayIso } from '../../../lib/calendar.ts';
import { useDoctorAppointments } from '../api/get-doctor-appointments.ts';

function AppointmentsTable({ id, title, empty, appointments, withDate }: { id: string; title: string; empty: string; appointments: Visita[]; withDate: boolean }) {
  const { t } = useTranslation('visits');
  const { t: tv } = useTranslation('visit-types');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {appointments.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <DataTable
          rows={appointments}
          rowKey={(appointment) => appointment.id_cita}
          minWidth={520}
          table={{ striped: true }}
          columns={[
            ...(withDate
              ? [
                  {
                    label: t('col_date'),
                    cell: (appointment: Visita) => formatIso(appointment.fecha, { weekday: 'short', day: 'numeric', month: 'short' }),
                    cellStyle: { whiteSpace: 'nowrap' },
                  },
                ]
              : []),
            { label: t('col_time'), cell: (appointment) => appointment.hora },
            { label: t('col_patient'), cell: (appointment) => appointment.paciente },
            { label: tv('pick_label'), cell: (appointment) => appointment.tipo_visita?.nombre ?? t('common:empty_value') },
            { label: t('col_reason'), cell: (appointment) => appointment.motivo },
            {
              label: t('col_record'),
              cell: (appointment) => (
                <Anchor component={Link} to={`/medical-record?paciente=${appointment.id_paciente}`} aria-label={t('open_record_named', { patient: appointment.paciente })}>
                  {t('open_record')}
                </Anchor>
              ),
            },
          ]}
        />
      )}
    </Paper>
  );
}

/** The doctor's /mis-visitas: today's and the upcoming confirmed appointments, each linking to the record. */
export function DoctorAppointments() {
  const { t } = useTranslation('visits');
  const appointments = useDoctorAppointments();
  if (appointments.isPending) return <Loader aria-label={t('common:loading')} />;
  if (appointments.isError) return <Text role="alert">{t('load_error')}</Text>;
  const today = todayIso();
  const ofToday = appointments.data.items.filter((appointment) => appointment.fecha === today);
  const upcoming = appointments.data.items.filter((appointment) => appointment.fecha > today);
  return (
    <Stack gap="lg">
      <AppointmentsTable id="visitas-hoy" title={t('today')} empty={t('none_today')} appointments={ofToday} withDate={false} />
      <AppointmentsTable id="visitas-proximas" title={t('upcoming_visits')} empty={t('none_upcoming')} appointments={upcoming} withDate />
    </Stack>
  );
}
