import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { NOMBRES_SECCION, type Historia } from '../../../../../contracts/records.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { useSession } from '../../../lib/session.ts';
import { useRecord } from '../api/get-record.ts';
import { ClinicalAlerts } from './clinical-alerts.tsx';
import { ClinicalSection } from './clinical-section.tsx';
import { ConsultationsHistory } from './consultations-history.tsx';
import { EmergencyAccessModal } from './emergency-access-modal.tsx';
import { EmergencyAccessNotice } from './emergency-access-notice.tsx';
import { RecordAttachments } from './record-attachments.tsx';
import { phoneForReading } from '../../../lib/clinic.ts';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

function PatientHeader({ paciente, noShows }: { paciente: Historia['paciente']; noShows: number }) {
  const { t } = useTranslation('records');
  const date = (value: string | null) => (value ? formatIso(value, { dateStyle: 'long' }) : t('empty_value'));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="paciente">
      <Group justify="space-between" mb="sm">
        <Title order={2} id="paciente">
          {paciente.nombre}
        </Title>
        <Group gap="xs">
          {noShows > 0 && (
            <Badge color="red.9" size="lg" tt="none" style={{ overflow: 'visible' }}>
              {t('no_shows', { count: noShows })}
            </Badge>
          )}
          <Badge color={paciente.estado === 'Activo' ? 'teal.9' : 'gray.8'} size="lg" style={{ overflow: 'visible' }}>
            {t(`estado_${paciente.estado}`)}
          </Badge>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Detail label={t('dni')} value={paciente.dni ?? t('empty_value')} />
        <Detail label={t('birth')} value={date(paciente.nacimiento)} />
        <Detail label={t('sex')} value={paciente.sexo ? t(`sex_${paciente.sexo}`) : t('empty_value')} />
        <Detail label={t('email')} value={paciente.correo} />
        <Detail label={t('phone')} value={paciente.telefono ? phoneForReading(paciente.telefono) : t('empty_value')} />
        <Detail label={t('since')} value={date(paciente.fecha_alta)} />
      </SimpleGrid>
    </Paper>
  );
}

function LastConsultation({ last }: { last: Historia['ultima_consulta'] }) {
  const { t } = useTranslation('records');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ultima-consulta">
      <Title order={2} size="h3" id="ultima-consulta" mb="sm">
        {t('last_consultation')}
      </Title>
      {last ? (
        <Stack gap={4}>
          <Text c="dimmed" size="sm">
            {t('last_line', { date: formatIso(last.fecha, { dateStyle: 'long' }), doctor: last.doctor })}
          </Text>
          <Text>
            <strong>{t('col_reason')}:</strong> {last.motivo}
          </Text>
          <Text>
            <strong>{t('diagnosis')}:</strong> {last.diagnostico ?? t('empty_value')}
          </Text>
          <Text>
            <strong>{t('recommendations')}:</strong> {last.recomendaciones ?? t('empty_value')}
          </Text>
        </Stack>
      ) : (
        <Text>{t('no_last_consultation')}</Text>
      )}
    </Paper>
  );
}

function SimpleList({ id, title, empty, headers, rows }: { id: string; title: string; empty: string; headers: string[]; rows: string[][] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text>{empty}</Text>
      ) : (
        <DataTable rows={rows} rowKey={(_row, index) => index} columns={headers.map((header, column) => ({ label: header, key: String(column), cell: (row: string[]) => row[column] }))} />
      )}
    </Paper>
  );
}

/** A treated patient's whole record: who they are, the consultations, the file sections, the attachments. */
export function RecordView({ idPaciente }: { idPaciente: number }) {
  const { t } = useTranslation('records');
  const { t: tt } = useTranslation('trust');
  const session = useSession();
  const record = useRecord(idPaciente);
  const navigate = useNavigate();

  const back = (
    <Anchor component={Link} to="/medical-record">
      {t('change_patient')}
    </Anchor>
  );
  if (record.isPending) return <Loader aria-label={t('common:loading')} />;
  if (record.isError) {
    const error = record.error instanceof ApiError ? record.error : undefined;
    if (error?.code === 'acceso_urgente_requerido') {
      // Break the glass: the record shows only after the doctor states a reason.
      return (
        <Stack>
          {back}
          <Text role="status">{error.message}</Text>
          <EmergencyAccessModal idPaciente={idPaciente} onCancel={() => void navigate('/medical-record')} />
        </Stack>
      );
    }
    const forbidden = error?.status === 403;
    return (
      <Stack>
        <Text role="alert">{forbidden ? t('forbidden') : t('load_error')}</Text>
        {back}
      </Stack>
    );
  }
  const data = record.data;
  // A disputed no-show says so, with the patient's words: it no longer counts.
  const noShowText = (disputa: string | null | undefined) =>
    disputa ? `${t('asistencia_no_presentado')} · ${tt('disputed_by_patient', { reason: disputa })}` : t('asistencia_no_presentado');
  const medium = (iso: string) => formatIso(iso, { dateStyle: 'medium' });
  return (
    <Stack gap="lg">
      {back}
      {data.acceso_urgente_hasta && <EmergencyAccessNotice idPaciente={idPaciente} until={data.acceso_urgente_hasta} />}
      <ClinicalAlerts record={data} />
      <PatientHeader paciente={data.paciente} noShows={data.no_presentados} />
      <ConsultationsHistory consultas={data.consultas} idDoctor={session?.payload.id_doctor ?? null} />
      <LastConsultation last={data.ultima_consulta} />
      {NOMBRES_SECCION.map((section) => (
        <ClinicalSection key={section} idPaciente={idPaciente} section={section} entries={data[section]} />
      ))}
      <SimpleList
        id="citas"
        title={t('appointments')}
        empty={t('no_appointments')}
        headers={[t('col_date'), t('col_time'), t('col_reason'), t('col_estado')]}
        rows={data.citas.map((cita) => [medium(cita.fecha), cita.hora, cita.motivo, cita.asistencia === 'No presentado' ? noShowText(cita.disputa_motivo) : t(`cita_${cita.estado}`)])}
      />
      <RecordAttachments idPaciente={idPaciente} archivos={data.archivos} />
    </Stack>
  );
}
