import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import type { Visita } from '../../../../../contracts/consultations.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { formatIso, todayIso } from '../../../lib/calendar.ts';
import { useDoctorVisits } from '../api/get-doctor-visits.ts';

function VisitsTable({ id, title, empty, visits, withDate }: { id: string; title: string; empty: string; visits: Visita[]; withDate: boolean }) {
  const { t } = useTranslation('visits');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {visits.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <DataTable
          rows={visits}
          rowKey={(visit) => visit.id_cita}
          minWidth={520}
          table={{ striped: true }}
          columns={[
            ...(withDate
              ? [
                  {
                    label: t('col_date'),
                    cell: (visit: Visita) => formatIso(visit.fecha, { weekday: 'short', day: 'numeric', month: 'short' }),
                    cellStyle: { whiteSpace: 'nowrap' },
                  },
                ]
              : []),
            { label: t('col_time'), cell: (visit) => visit.hora },
            { label: t('col_patient'), cell: (visit) => visit.paciente },
            { label: t('col_reason'), cell: (visit) => visit.motivo },
            {
              label: t('col_record'),
              cell: (visit) => (
                <Anchor component={Link} to={`/medical-record?paciente=${visit.id_paciente}`} aria-label={t('open_record_named', { patient: visit.paciente })}>
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

/** The doctor's /mis-visitas: today's and the upcoming confirmed visits, each linking to the record. */
export function DoctorVisits() {
  const { t } = useTranslation('visits');
  const visits = useDoctorVisits();
  if (visits.isPending) return <Loader aria-label={t('common:loading')} />;
  if (visits.isError) return <Text role="alert">{t('load_error')}</Text>;
  const today = todayIso();
  const ofToday = visits.data.items.filter((visit) => visit.fecha === today);
  const upcoming = visits.data.items.filter((visit) => visit.fecha > today);
  return (
    <Stack gap="lg">
      <VisitsTable id="visitas-hoy" title={t('today')} empty={t('none_today')} visits={ofToday} withDate={false} />
      <VisitsTable id="visitas-proximas" title={t('upcoming_visits')} empty={t('none_upcoming')} visits={upcoming} withDate />
    </Stack>
  );
}
