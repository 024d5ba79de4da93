import { Badge, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTA_MOTIVO_MAX, DISPUTA_MOTIVO_MIN, type MiCita } from '../../../../../contracts/appointments.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDisputeNoShow } from '../api/dispute-no-show.ts';

/**
 * Under a no-show in the patient's past visits: a visit given on its own day may be disputed with a
 * short reason (then it no longer counts); a disputed one says so.
 */
export function NoShowDispute({ cita, when }: { cita: MiCita; when: string }) {
  const { t } = useTranslation('trust');
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const dispute = useDisputeNoShow();

  if (cita.disputa) {
    return (
      <Stack gap={2}>
        <Badge color="gray.7" variant="filled" tt="none" w="max-content">
          {t('disputed')}
        </Badge>
        <Text size="xs" c="dimmed" maw={260}>
          {t('disputed_reason', { reason: cita.disputa.motivo })}
        </Text>
      </Stack>
    );
  }
  if (!cita.no_presentado_disputable) return null;

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = motivo.trim();
    if (trimmed.length < DISPUTA_MOTIVO_MIN) {
      setError(t('reason_short', { count: DISPUTA_MOTIVO_MIN }));
      return;
    }
    try {
      await dispute.mutateAsync({ id_cita: cita.id_cita, motivo: trimmed });
      notifySuccess(t('dispute_done'));
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('dispute_failed'));
    }
  };

  return (
    <>
      <Button size="compact-sm" variant="default" w="max-content" aria-label={t('dispute_label', { when })} onClick={() => setOpen(true)}>
        {t('dispute')}
      </Button>
      <Modal opened={open} onClose={close} title={t('dispute_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            <Text size="sm">{t('dispute_intro', { when })}</Text>
            <TextInput
              label={t('reason')}
              description={t('reason_hint')}
              required
              maxLength={DISPUTA_MOTIVO_MAX}
              value={motivo}
              onChange={(event) => setMotivo(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
            <ModalActions onCancel={close} submitLabel={t('dispute_submit')} pending={dispute.isPending} />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
