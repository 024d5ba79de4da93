import { Alert, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconFilterOff, IconMessageChatbot } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitMessageOr } from '../../../lib/api.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { TIPOS_CONSULTA, type HistorialFilters } from '../../../../../contracts/history.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { ConsultationsTable } from '../../../components/clinical/consultations-table.tsx';
import { DateRangeField } from '../../../components/date-fields.tsx';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { FailedPage } from '../../../components/page.tsx';
import { consultationTypeLabel, formatDate } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { downloadHistoryPdf } from '../api/download-history-pdf.ts';
import { CONSULTATIONS_PAGE_SIZE, useConsultations } from '../api/get-consultations.ts';
import { useHistoryStats } from '../api/get-history-stats.ts';
import { HISTORY_PAGE_SIZE, usePatientHistory } from '../api/get-patient-history.ts';
import { HistoryCards } from '../components/history-cards.tsx';
import { HistoryStats } from '../components/history-stats.tsx';
import { Pager } from '../components/pager.tsx';

/**
 * /historial: for a patient, the filtered history (summary bar, stats cards, result cards, PDF
 * export) and the consultation table; for a doctor, the table of their consultations.
 */
export default function HistoryPage() {
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const session = useSession();
  const isPatient = session?.payload.rol === 'paciente';

  // The type select sends the stored word (Consulta, Revisión, Urgencia); the range, two days.
  const [tipo, setTipo] = useState('');
  const [range, setRange] = useState<[string, string]>(['', '']);
  // The page belongs to the filters it was chosen under: new filters start again at page 1.
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const [tablePage, setTablePage] = useState(1);
  const [exporting, setExporting] = useState(false);

  const [desde, hasta] = range;
  const filters = useMemo<HistorialFilters>(
    () => ({ ...(tipo ? { tipo } : {}), ...(desde ? { desde } : {}), ...(hasta ? { hasta } : {}) }),
    [tipo, desde, hasta],
  );
  const filtersKey = JSON.stringify(filters);
  const page = paging.key === filtersKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filtersKey, page: next });

  const history = usePatientHistory(filters, page, isPatient);
  const stats = useHistoryStats(filters, isPatient);
  const consultations = useConsultations(tablePage);

  const failed = history.isError || stats.isError || consultations.isError;
  const warned = useRef(false);
  useEffect(() => {
    if (failed && !warned.current) {
      warned.current = true;
      notifyError(t('load_error'));
    }
    if (!failed) warned.current = false;
  }, [failed, t]);

  const typeOptions = TIPOS_CONSULTA.map((value) => ({ value, label: consultationTypeLabel(value) }));
  const hasFilters = Boolean(filters.tipo || filters.desde || filters.hasta);
  const clear = () => {
    setTipo('');
    setRange(['', '']);
  };

  const exportPdf = async () => {
    setExporting(true);
    try {
      await downloadHistoryPdf(filters);
    } catch (error) {
      // Asked for too often (429): the server says how long to wait.
      notifyError(waitMessageOr(error, t('pdf_error')));
    } finally {
      setExporting(false);
    }
  };

  if (!session) {
    return <FailedPage size="lg" title={t('title')} message={t('no_token')} />;
  }

  const summaryText = history.data
    ? hasFilters
      ? t('summary_filtered', {
          count: history.data.total,
          filters: [
            filters.tipo ? t('summary_type', { value: consultationTypeLabel(filters.tipo) }) : '',
            filters.desde || filters.hasta
              ? t('summary_range', { from: filters.desde ? formatDate(filters.desde) : '…', to: filters.hasta ? formatDate(filters.hasta) : '…' })
              : '',
          ]
            .filter(Boolean)
            .join(', '),
        })
      : t('summary_all', { count: history.data.total })
    : t('common:loading');

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <BackButton fallback={isPatient ? '/panel-paciente' : '/perfil-doctor'} />
        <Group gap="sm" wrap="wrap">
          <LanguageSelect size="sm" />
          <Button variant="default" leftSection={<IconMessageChatbot size={18} aria-hidden />} onClick={() => void navigate('/chat')}>
            {t('chat')}
          </Button>
          {isPatient && (
            <Button
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              onClick={() => void exportPdf()}
              loading={exporting}
              disabled={!history.data}
            >
              {t('export_pdf')}
            </Button>
          )}
        </Group>
      </Group>
      <Title order={1} mt="md">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {isPatient ? t('intro_patient') : t('intro_doctor')}
      </Text>

      {failed && (
        <Alert color="red" role="alert" mb="lg">
          {t('load_error')}
        </Alert>
      )}

      {isPatient && (
        <Stack gap="lg" mb="xl">
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="filtros-historial">
            <Title order={2} size="h4" id="filtros-historial" mb="sm">
              {t('filters')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'end' }}>
              <Select
                label={t('filter_type')}
                placeholder={t('filter_type_all')}
                data={typeOptions}
                value={tipo || null}
                onChange={(value) => setTipo(value ?? '')}
                clearable
                clearButtonProps={{ 'aria-label': t('clear_type') }}
                comboboxProps={{ withinPortal: true }}
              />
              <DateRangeField label={t('filter_range')} value={range} onChange={setRange} clearLabel={t('clear_range')} />
              <Button variant="default" leftSection={<IconFilterOff size={18} aria-hidden />} onClick={clear} disabled={!hasFilters}>
                {t('clear_filters')}
              </Button>
            </SimpleGrid>
          </Paper>

          <Paper withBorder radius="md" px="md" py="sm" bg="var(--mantine-color-default-hover)" role="status" aria-live="polite">
            <Text fw={600}>{summaryText}</Text>
          </Paper>

          <section aria-labelledby="estadisticas-historial">
            <Title order={2} size="h3" id="estadisticas-historial" mb="sm">
              {t('stats_title')}
            </Title>
            <HistoryStats stats={stats.data} />
          </section>

          <section aria-labelledby="resultados-historial">
            <Title order={2} size="h3" id="resultados-historial" mb="sm">
              {t('results_title')}
            </Title>
            {history.isPending ? (
              <PageLoader />
            ) : history.data && history.data.items.length > 0 ? (
              <>
                <HistoryCards items={history.data.items} />
                <Pager page={page} total={history.data.total} pageSize={HISTORY_PAGE_SIZE} onChange={setPage} label={t('results_pages')} />
              </>
            ) : (
              !history.isError && <Text c="dimmed">{t('no_results')}</Text>
            )}
          </section>
        </Stack>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tabla-consultas">
        <Title order={2} size="h3" id="tabla-consultas" mb="sm">
          {isPatient ? t('consultations_title') : t('consultations_title_doctor')}
        </Title>
        {consultations.isPending ? (
          <PageLoader />
        ) : consultations.data ? (
          <>
            <ConsultationsTable
              ns="clinical"
              rows={consultations.data.items}
              columns={['fecha', 'hora', isPatient ? 'doctor' : 'paciente', 'motivo', 'descripcion']}
              minWidth={640}
              highlightOnHover
              labelledBy="tabla-consultas"
              empty={t('no_consultations')}
            />
            <Pager
              page={tablePage}
              total={consultations.data.total}
              pageSize={CONSULTATIONS_PAGE_SIZE}
              onChange={setTablePage}
              label={t('consultations_pages')}
            />
          </>
        ) : null}
      </Paper>
    </Container>
  );
}
