import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MOTIVO_RECHAZO, motivoRechazoField } from '../../../contracts/agenda.ts';
import { validationText } from '../lib/i18n.ts';
import { submitWith } from '../lib/submit-with.ts';
import { ModalActions } from './modal-actions.tsx';

export interface RejectTarget {
  paciente: string;
  /** Written out: 'jueves, 12 de marzo de 2026'. */
  date: string;
  time: string;
}

export interface RejectRequestDialogProps {
  target: RejectTarget;
  busy: boolean;
  onClose: () => void;
  /** Sends the rejection; resolves true when the dialog may close. */
  onReject: (motivo: string | undefined) => Promise<boolean>;
}

/**
 * Asks before rejecting a request, naming the patient, date and time, with an optional one-line reason
 * the patient will read (the server refuses line breaks). Used by the agenda and the doctor's home.
 */
export function RejectRequestDialog({ target, busy, onClose, onReject }: RejectRequestDialogProps) {
  const { t } = useTranslation('common');
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
    <Modal opened onClose={onClose} title={t('reject_request_title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <Text>{t('reject_request_question', { patient: target.paciente, date: target.date, time: target.time })}</Text>
          <TextInput
            label={t('reject_request_reason')}
            description={t('reject_request_reason_hint')}
            maxLength={MAX_MOTIVO_RECHAZO}
            value={motivo}
            error={error}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <ModalActions onCancel={onClose} submitLabel={t('reject_request_confirm')} pending={busy} cancelLabel={t('back')} color="red.9" />
        </Stack>
      </form>
    </Modal>
  );
}
