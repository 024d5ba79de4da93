import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Archivo } from '../../../../contracts/files.ts';
import type { Alergia, Discapacidad, Enfermedad, Habito, UltimaConsulta, Vacuna } from '../../../../contracts/clinical-file.ts';
import { downloadFromApi } from '../../lib/download.ts';
import { consultationTypeLabel, formatBytes, formatDate, formatInstant, storedWordLabel } from '../../lib/format.ts';
import { notifyError } from '../../lib/notify.ts';
import { DataTable, type DataColumn } from '../data-table.tsx';

/**
 * The sections of a medical file, read-only, shared by the patient's screens and the doctor's
 * record. Each section draws nothing when it has no data (spec: sections with no data are hidden).
 */

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

export function ClinicalCard({ title, id, actions, children }: { title: string; id: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

function SectionTable<T>({ title, id, rows, columns, rowKey }: { title: string; id: string; rows: T[] | undefined; columns: DataColumn<T>[]; rowKey: (row: T) => number }) {
  if (!rows?.length) return null;
  return (
    <ClinicalCard title={title} id={id}>
      <DataTable rows={rows} columns={columns} rowKey={rowKey} minWidth={520} table={{ striped: true, highlightOnHover: true, verticalSpacing: 'xs', 'aria-labelledby': id }} />
    </ClinicalCard>
  );
}

function AllergiesSection({ rows }: { rows: Alergia[] | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <SectionTable
      title={t('allergies')}
      id="seccion-alergias"
      rows={rows}
      rowKey={(row) => row.id_alergia}
      columns={[
        { label: t('name'), cell: (row) => row.nombre },
        { label: t('diagnosis_date'), cell: (row) => formatDate(row.fecha_diagnostico) },
        { label: t('notes'), cell: (row) => dash(row.observaciones) },
      ]}
    />
  );
}

function DiseasesSection({ rows }: { rows: Enfermedad[] | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <SectionTable
      title={t('diseases')}
      id="seccion-enfermedades"
      rows={rows}
      rowKey={(row) => row.id_enfermedad}
      columns={[
        { label: t('name'), cell: (row) => row.nombre },
        { label: t('type'), cell: (row) => dash(row.tipo && storedWordLabel(row.tipo)) },
        { label: t('diagnosis_date'), cell: (row) => formatDate(row.fecha_diagnostico) },
        {
          label: t('status'),
          cell: (row) => (
            <Badge variant="filled" color={row.activa ? 'red.9' : 'gray.8'}>
              {row.activa ? t('active') : t('resolved')}
            </Badge>
          ),
        },
        { label: t('notes'), cell: (row) => dash(row.observaciones) },
      ]}
    />
  );
}

function DisabilitiesSection({ rows }: { rows: Discapacidad[] | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <SectionTable
      title={t('disabilities')}
      id="seccion-discapacidades"
      rows={rows}
      rowKey={(row) => row.id_discapacidad}
      columns={[
        { label: t('type'), cell: (row) => row.tipo },
        { label: t('percentage'), cell: (row) => (row.porcentaje === null ? '-' : `${row.porcentaje} %`) },
        { label: t('diagnosis_date'), cell: (row) => formatDate(row.fecha_diagnostico) },
        { label: t('description'), cell: (row) => dash(row.descripcion) },
      ]}
    />
  );
}

function HabitsSection({ rows }: { rows: Habito[] | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <SectionTable
      title={t('habits')}
      id="seccion-habitos"
      rows={rows}
      rowKey={(row) => row.id_habito}
      columns={[
        { label: t('name'), cell: (row) => row.nombre },
        { label: t('frequency'), cell: (row) => dash(row.frecuencia) },
        { label: t('duration'), cell: (row) => dash(row.duracion) },
        { label: t('notes'), cell: (row) => dash(row.observaciones) },
      ]}
    />
  );
}

function VaccinesSection({ rows }: { rows: Vacuna[] | undefined }) {
  const { t } = useTranslation('clinical');
  return (
    <SectionTable
      title={t('vaccines')}
      id="seccion-vacunas"
      rows={rows}
      rowKey={(row) => row.id_vacuna}
      columns={[
        { label: t('name'), cell: (row) => row.nombre },
        { label: t('applied_on'), cell: (row) => formatDate(row.fecha_aplicacion) },
        { label: t('dose'), cell: (row) => dash(row.dosis && storedWordLabel(row.dosis)) },
        { label: t('description'), cell: (row) => dash(row.descripcion) },
      ]}
    />
  );
}

/** The last consultation: motivo, diagnóstico, recomendaciones (spec section 3). */
function LastConsultationSection({ consultation }: { consultation: UltimaConsulta | null | undefined }) {
  const { t } = useTranslation('clinical');
  if (!consultation) return null;
  const fields: [string, string | null][] = [
    [t('reason'), consultation.motivo],
    [t('diagnosis'), consultation.diagnostico],
    [t('recommendations'), consultation.recomendaciones],
  ];
  return (
    <ClinicalCard title={t('last_consultation')} id="seccion-ultima-consulta">
      <Text size="sm" c="dimmed" mb="sm">
        {t('consultation_when', {
          date: formatDate(consultation.fecha),
          time: consultation.hora,
          type: consultationTypeLabel(consultation.tipo),
          doctor: consultation.doctor,
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" style={{ margin: 0 }}>
        {fields.map(([label, value]) => (
          <Stack gap={2} key={label}>
            <Text component="dt" fw={600} size="sm">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {dash(value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </ClinicalCard>
  );
}

/** The attachments, each with a download button (the download needs the session's token). */
function AttachmentsSection({ rows, onDownload }: { rows: Archivo[] | undefined; onDownload: (archivo: Archivo) => void }) {
  const { t } = useTranslation('clinical');
  if (!rows?.length) return null;
  const kinds: Record<Archivo['tipo'], string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };
  return (
    <ClinicalCard title={t('attachments')} id="seccion-archivos">
      <DataTable
        rows={rows}
        rowKey={(archivo) => archivo.id_archivo}
        minWidth={520}
        table={{ striped: true, verticalSpacing: 'xs', 'aria-labelledby': 'seccion-archivos' }}
        columns={[
          { label: t('name'), cell: (archivo) => archivo.nombre, cellStyle: { wordBreak: 'break-word' } },
          { label: t('file_type'), cell: (archivo) => kinds[archivo.tipo] },
          { label: t('file_size'), cell: (archivo) => formatBytes(archivo.tamano) },
          { label: t('uploaded_on'), cell: (archivo) => formatInstant(archivo.fecha_subida) },
          {
            label: t('actions'),
            cell: (archivo) => (
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => onDownload(archivo)}
                aria-label={t('download_named', { name: archivo.nombre })}
              >
                {t('download')}
              </Button>
            ),
          },
        ]}
      />
    </ClinicalCard>
  );
}

/** What the file's sections show; a section still loading (undefined) is not drawn. */
export interface ClinicalFileData {
  alergias: Alergia[] | undefined;
  enfermedades: Enfermedad[] | undefined;
  discapacidades: Discapacidad[] | undefined;
  habitos: Habito[] | undefined;
  vacunas: Vacuna[] | undefined;
  ultima_consulta: UltimaConsulta | null | undefined;
  archivos: Archivo[] | undefined;
}

/** Whether the file has nothing in any section. */
export function isFileEmpty(file: ClinicalFileData): boolean {
  const lists = [file.alergias, file.enfermedades, file.discapacidades, file.habitos, file.vacunas, file.archivos];
  return lists.every((list) => !list?.length) && !file.ultima_consulta;
}

/**
 * The whole medical file, read-only, in the spec's order: the patient's file and their record show
 * it alike. Attachments download with the session's token.
 */
export function ClinicalFileSections({ file }: { file: ClinicalFileData }) {
  const { t } = useTranslation('clinical');
  const download = (archivo: Archivo) =>
    downloadFromApi(archivo.url, { fallbackName: archivo.nombre }).catch(() => notifyError(t('download_error')));
  return (
    <>
      <AllergiesSection rows={file.alergias} />
      <DiseasesSection rows={file.enfermedades} />
      <DisabilitiesSection rows={file.discapacidades} />
      <HabitsSection rows={file.habitos} />
      <VaccinesSection rows={file.vacunas} />
      <LastConsultationSection consultation={file.ultima_consulta} />
      <AttachmentsSection rows={file.archivos} onDownload={(archivo) => void download(archivo)} />
    </>
  );
}
