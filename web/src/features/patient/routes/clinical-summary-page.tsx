import { fullName } from '../../../../../contracts/names.ts';
import { Alert, Anchor, Badge, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { BackButton } from '../../../components/back-button.tsx';
import { ClinicalCard } from '../../../components/clinical/clinical-sections.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { todayIso } from '../../../lib/calendar.ts';
import { ageOn, formatDate } from '../../../lib/format.ts';
import { useClinicalSummary } from '../api/get-clinical-summary.ts';

function Entries({ items, empty }: { items: { key: number; main: string; detail?: string | undefined }[]; empty: string }) {
  if (!items.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <List spacing={6}>
      {items.map((item) => (
        <List.Item key={item.key}>
          <Text span fw={600}>
            {item.main}
          </Text>
          {item.detail && <Text span>{` · ${item.detail}`}</Text>}
        </List.Item>
      ))}
    </List>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** /resumen-paciente: a one-page clinical summary that also prints on one sheet. */
export default function ClinicalSummaryPage() {
  const { t } = useTranslation('patient');
  const summary = useClinicalSummary();
  const data = summary.data;

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" className="no-print">
        <BackButton fallback="/panel-paciente" />
        <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()} disabled={!data}>
          {t('print')}
        </Button>
      </Group>
      <Title order={1} mt="md">
        {t('summary_title')}
      </Title>
      {summary.isPending && <PageLoader />}
      {summary.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('summary_load_error')}
        </Alert>
      )}
      {data && (
        <>
          <Group gap="sm" mt="xs" mb="lg">
            <Text size="lg" fw={600}>
              {fullName(data.paciente)}
            </Text>
            {data.paciente.nacimiento && <Text>{t('age', { count: ageOn(data.paciente.nacimiento, todayIso()) })}</Text>}
            {data.paciente.sexo && <Text>{t(`sex_${data.paciente.sexo}`)}</Text>}
            <Badge variant="filled" color={data.paciente.estado === 'Activo' ? 'teal.9' : 'gray.8'}>
              {t(`status_${data.paciente.estado}`)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ClinicalCard title={t('summary_allergies')} id="resumen-alergias">
              <Entries
                empty={t('summary_no_allergies')}
                items={data.alergias.map((a) => ({ key: a.id_alergia, main: a.nombre, detail: a.observaciones ?? undefined }))}
              />
            </ClinicalCard>
            <ClinicalCard title={t('summary_diseases')} id="resumen-enfermedades">
              <Entries
                empty={t('summary_no_diseases')}
                items={data.enfermedades_activas.map((e) => ({
                  key: e.id_enfermedad,
                  main: e.nombre,
                  detail: [e.tipo, e.fecha_diagnostico ? t('since', { date: formatDate(e.fecha_diagnostico) }) : '']
                    .filter(Boolean)
                    .join(' · '),
                }))}
              />
            </ClinicalCard>
            <ClinicalCard title={t('summary_vaccines')} id="resumen-vacunas">
              <Entries
                empty={t('summary_no_vaccines')}
                items={data.vacunas.map((v) => ({
                  key: v.id_vacuna,
                  main: v.nombre,
                  detail: [v.dosis, v.fecha_aplicacion ? formatDate(v.fecha_aplicacion) : ''].filter(Boolean).join(' · '),
                }))}
              />
            </ClinicalCard>
            <ClinicalCard title={t('summary_last_consultation')} id="resumen-ultima-consulta">
              {data.ultima_consulta ? (
                <Stack gap="xs" component="dl" m={0}>
                  <Field label={t('when')}>
                    {`${formatDate(data.ultima_consulta.fecha)} ${data.ultima_consulta.hora} · ${data.ultima_consulta.doctor}`}
                  </Field>
                  <Field label={t('reason')}>{data.ultima_consulta.motivo}</Field>
                  <Field label={t('diagnosis')}>{data.ultima_consulta.diagnostico ?? '-'}</Field>
                  <Field label={t('recommendations')}>{data.ultima_consulta.recomendaciones ?? '-'}</Field>
                </Stack>
              ) : (
                <Text c="dimmed">{t('summary_no_consultation')}</Text>
              )}
            </ClinicalCard>
            <ClinicalCard title={t('summary_next_appointment')} id="resumen-proxima-cita">
              {data.proxima_cita ? (
                <Stack gap="xs" component="dl" m={0}>
                  <Field label={t('when')}>{`${formatDate(data.proxima_cita.fecha)} ${data.proxima_cita.hora}`}</Field>
                  <Field label={t('doctor')}>{`${data.proxima_cita.doctor} (${data.proxima_cita.especialidad})`}</Field>
                  <Field label={t('reason')}>{data.proxima_cita.motivo}</Field>
                  <Field label={t('appointment_status')}>{t(`appointment_${data.proxima_cita.estado}`)}</Field>
                </Stack>
              ) : (
                <Stack gap="xs">
                  <Text c="dimmed">{t('summary_no_appointment')}</Text>
                  <Anchor component={Link} to="/pedir-cita" className="no-print">
                    {t('summary_book_link')}
                  </Anchor>
                </Stack>
              )}
            </ClinicalCard>
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}
