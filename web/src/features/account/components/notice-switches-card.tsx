import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AvisosPacienteCambio } from '../../../../../contracts/notices.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNoticeSwitches, useSetNoticeSwitches } from '../api/notice-switches.ts';
import { phoneForReading } from '../../../lib/clinic.ts';

/** A patient's switches: reminder e-mails, and every SMS. */
export function NoticeSwitchesCard() {
  const { t } = useTranslation('notices');
  const switches = useNoticeSwitches(true);
  const set = useSetNoticeSwitches();
  const change = async (next: AvisosPacienteCambio) => {
    try {
      await set.mutateAsync(next);
      notifySuccess(t('switches_saved'));
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('common:load_error'));
    }
  };
  const data = switches.data;
  return (
    <Paper withBorder radius="md" p="lg" mt="lg" component="section" aria-labelledby="notice-switches-title">
      <Title order={2} size="h3" id="notice-switches-title">
        {t('switches_title')}
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {t('switches_hint')}
      </Text>
      {switches.isError && (
        <Alert color="red" role="alert" mt="md">
          {t('common:load_error')}
        </Alert>
      )}
      {data && (
        <Stack mt="md" gap="md">
          <Switch
            label={t('switch_email')}
            description={t('switch_email_hint')}
            checked={data.recordatorio_correo}
            disabled={set.isPending}
            onChange={(event) => void change({ recordatorio_correo: event.currentTarget.checked, sms: data.sms })}
          />
          <Switch
            label={t('switch_sms')}
            description={data.telefono ? (data.baja ? t('switch_sms_baja') : t('switch_sms_hint', { phone: phoneForReading(data.telefono) })) : t('switch_sms_no_phone')}
            checked={data.sms}
            disabled={set.isPending}
            onChange={(event) => void change({ recordatorio_correo: data.recordatorio_correo, sms: event.currentTarget.checked })}
          />
        </Stack>
      )}
    </Paper>
  );
}
