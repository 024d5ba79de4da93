import { Alert, Button, CopyButton, Group, List, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown once: as a list, to copy, and to download as a text file. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('account');
  const text = `${t('mfa_codes_file_heading')}\n\n${codes.join('\n')}\n`;

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'galeno-codigos-recuperacion.txt';
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Alert color="blue" title={t('mfa_codes_once_title')} mb="md">
        {t('mfa_codes_once')}
      </Alert>
      <List aria-label={t('mfa_codes_list')} listStyleType="none" spacing={4} ff="monospace" fz="lg">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed" mt="sm">
        {t('mfa_codes_each_once')}
      </Text>
      <Group mt="md">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('mfa_copied') : t('mfa_copy_codes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {t('mfa_download_codes')}
        </Button>
      </Group>
    </Paper>
  );
}
