import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { submitWith } from '../../../lib/submit-with.ts';

/** «Cancelar seleccionadas»: the reason each patient reads in their e-mail. */
export function CancelVisitsModal({ count, pending, onCancel, onClose }: { count: number; pending: boolean; onCancel: (motivo: string) => void; onClose: () => void }) {
  const { t } = useTranslation('relocate');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!motivo.trim()) {
      setError(t('cancel_reason_missing'));
      return;
    }
    onCancel(motivo.trim());
  };
  return (
    <Modal opened onClose={onClose} title={t('cancel_title', { count })} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <Text size="sm">{t('cancel_hint')}</Text>
          <Textarea
            label={t('cancel_reason')}
            value={motivo}
            onChange={(event) => {
              setMotivo(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={200}
            autosize
            minRows={2}
            required
            data-autofocus
          />
          <ModalActions onCancel={onClose} cancelLabel={t('cancel_back')} submitLabel={t('cancel_confirm', { count })} pending={pending} color="red.9" />
        </Stack>
      </form>
    </Modal>
  );
}
