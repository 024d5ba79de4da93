import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MOTIVO_RECHAZO, motivoRechazoField } from '../../../../../contracts/agenda.ts';
import { validationText } from '../../../lib/i18n.ts';

export interface RejectTarget {
  paciente: string;
  /** Written out: 'jueves, 12 de marzo de 2026'. */
  date: string;
  time: string;
}

interface RejectRequestModalProps {
  target: RejectTarget;
  busy: boolean;
  onClose: () => void;
  /** Sends the rejection; resolves true when the dialog may close. */
  onReject: (motivo: string | undefined) => Promise<boolean>;
}

/** Asks before rejecting, naming the patient, date and time, with an optional reason the patient will read. */
export function RejectRequestModal({ target, busy, onClose, onReject }: RejectRequestModalProps) {
  const { t } = useTranslation('agenda');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = motivoRechazoField.safeParse(motivo);
    if (!parsed.success) {
      setError(validationText(parsed.error.issues[0]?.message ?? 'valor_invalido') ?? null);
      return;
    }
    if (await onReject(parsed.data)) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={t('reject_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text>{t('reject_question', { patient: target.paciente, date: target.date, time: target.time })}</Text>
          <TextInput
            label={t('reject_reason')}
            description={t('reject_reason_hint')}
            maxLength={MAX_MOTIVO_RECHAZO}
            value={motivo}
            error={error}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:back')}
            </Button>
            <Button type="submit" color="red.9" loading={busy}>
              {t('reject_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
