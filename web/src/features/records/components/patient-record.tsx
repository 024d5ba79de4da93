import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router.tsx';
import { ClinicalCard, ClinicalFileSections, isFileEmpty } from '../../../components/clinical/clinical-sections.tsx';
import { BackButton } from '../../../components/back-button.tsx';
import { ConsultationsTable } from '../../../components/clinical/consultations-table.tsx';
import { PageLoader } from '../../../components/layout/layouts.tsx';
import { useOwnRecord } from '../api/get-own-record.ts';

/** /medical-record for a patient: their own record, file and history, read-only. */
export function PatientRecord() {
  const { t } = useTranslation('clinical');
  const record = useOwnRecord();
  const ficha = record.data?.ficha;
  const historial = record.data?.historial;

  const empty = ficha && isFileEmpty(ficha);

  return (
    <Container size="lg" py="xl">
      <BackButton fallback="/panel-paciente" />
      <Title order={1} mt="md">
        {t('record_title')}
      </Title>
      <Text c="dimmed" mt={4} mb="lg">
        {t('record_intro')}{' '}
        <Anchor component={Link} to="/ficha-paciente">
          {t('record_file_link')}
        </Anchor>
      </Text>
      {record.isPending && <PageLoader />}
      {record.isError && (
        <Alert color="red" role="alert">
          {t('record_error')}
        </Alert>
      )}
      {ficha && historial && (
        <Stack gap="lg">
          <ClinicalFileSections file={ficha} />
          {empty && <Text c="dimmed">{t('record_empty')}</Text>}
          <ClinicalCard title={t('record_history')} id="registro-historial">
            <ConsultationsTable
              ns="clinical"
              rows={historial.items}
              columns={['fecha', 'hora', 'tipo', 'doctor', 'motivo', 'descripcion']}
              minWidth={640}
              highlightOnHover
              labelledBy="registro-historial"
              empty={t('record_history_empty')}
            />
            {historial.total > historial.items.length && (
              <Anchor component={Link} to="/historial" mt="sm" display="inline-block">
                {t('record_history_more', { count: historial.total })}
              </Anchor>
            )}
          </ClinicalCard>
        </Stack>
      )}
    </Container>
  );
}

export default PatientRecord;
