import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Historia } from '../../../../../contracts/records.ts';
import { AttachmentUploadButton } from '../../../components/attachment-upload-button.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadRecordAttachment, useUploadRecordAttachment } from '../api/attachments.ts';

const KINDS: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

/**
 * The record's attachments: the doctor downloads each and uploads new ones, with the
 * same size limit, quota and type detection as the patient's own uploads (the server checks).
 */
export function RecordAttachments({ idPaciente, archivos }: { idPaciente: number; archivos: Historia['archivos'] }) {
  const { t } = useTranslation('records');
  const upload = useUploadRecordAttachment(idPaciente);

  const download = (id: number, nombre: string) => downloadRecordAttachment(id, nombre).catch(() => notifyError(t('download_error')));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="archivos">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id="archivos">
          {t('attachments')}
        </Title>
        <AttachmentUploadButton upload={upload} namespace="records" />
      </Group>
      {archivos.length === 0 ? (
        <Text>{t('no_attachments')}</Text>
      ) : (
        <DataTable
          rows={archivos}
          rowKey={(file) => file.id_archivo}
          columns={[
            { label: t('col_file'), cell: (file) => file.nombre, cellStyle: { wordBreak: 'break-word' } },
            { label: t('col_type'), cell: (file) => KINDS[file.tipo] ?? file.tipo },
            { label: t('col_uploaded'), cell: (file) => formatInstant(file.fecha_subida) },
            {
              label: t('col_actions'),
              cell: (file) => (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  onClick={() => void download(file.id_archivo, file.nombre)}
                  aria-label={t('download_named', { name: file.nombre })}
                >
                  {t('download')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Paper>
  );
}
