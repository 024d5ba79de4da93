import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { IconFileTypePdf, IconJson } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitMessageOr } from '../../../lib/api.ts';
import { downloadMyData, type MyDataFormat } from '../api/download-my-data.ts';

/** 'Descargar mis datos': the patient takes away everything the clinic holds about them (JSON or PDF). */
export function DataExportSection() {
  const { t } = useTranslation('patient');
  const headingId = useId();
  const [pending, setPending] = useState<MyDataFormat | null>(null);
  // What went wrong: the server's own words when it asks to wait (429), else a general message.
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (format: MyDataFormat) => {
    setPending(format);
    setFailure(null);
    try {
      await downloadMyData(format);
    } catch (error) {
      setFailure(waitMessageOr(error, t('export_error')));
    } finally {
      setPending(null);
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="lg">
      <Title order={2} size="h3" id={headingId}>
        {t('export_title')}
      </Title>
      <Text c="dimmed" mt={4} mb="md">
        {t('export_intro')}
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconJson size={18} aria-hidden />}
          loading={pending === 'json'}
          disabled={pending !== null && pending !== 'json'}
          onClick={() => void download('json')}
        >
          {t('export_json')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          loading={pending === 'pdf'}
          disabled={pending !== null && pending !== 'pdf'}
          onClick={() => void download('pdf')}
        >
          {t('export_pdf')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
        {pending ? t('export_preparing') : ''}
      </Text>
      {failure && (
        <Alert color="red" role="alert" mt="sm" withCloseButton closeButtonLabel={t('common:close')} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Paper>
  );
}
