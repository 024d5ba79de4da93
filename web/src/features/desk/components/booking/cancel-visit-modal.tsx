import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaRecepcionItem } from '../../../../../../contracts/desk-booking.ts';
import { ModalActions } from '../../../../components/modal-actions.tsx';
import { useCancelVisit } from '../../api/cancel-visit.ts';
import { visitWhen } from './visit-when.ts';

interface CancelVisitModalProps {
  visit: CitaRecepcionItem | null;
  onClose: () => void;
  onCancelled: (visit: CitaRecepcionItem) => void;
}

/** Cancelling asks for the reason: the patient is told it, with the visit. */
export function CancelVisitModal({ visit, onClose, onCancelled }: CancelVisitModalProps) {
  const { t, i18n } = useTranslation('desk-booking');
  const cancelling = useCancelVisit();
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    cancelling.reset();
    setMotivo('');
    setMissing(false);
    onClose();
  };
  return (
    <Modal opened={visit !== null} onClose={close} title={t('cancel_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      {visit && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (motivo.trim() === '') {
              setMissing(true);
              return;
            }
            cancelling.mutate(
              { id_cita: visit.id_cita, motivo: motivo.trim() },
              {
                onSuccess: () => {
                  setMotivo('');
                  cancelling.reset();
                  onCancelled(visit);
                },
              },
            );
          }}
        >
          <Stack>
            <Text>{t('cancel_which', { when: visitWhen(visit, i18n.language), doctor: visit.doctor })}</Text>
            <Textarea
              label={t('cancel_reason')}
              description={t('cancel_reason_hint')}
              required
              autosize
              minRows={2}
              maxLength={300}
              value={motivo}
              data-autofocus
              error={missing ? t('validation:recepcion_motivo_cancelacion_requerido') : undefined}
              onChange={(event) => {
                setMotivo(event.currentTarget.value);
                setMissing(false);
              }}
            />
            {cancelling.error && (
              <Alert color="red" role="alert">
                {cancelling.error.message}
              </Alert>
            )}
            <ModalActions onCancel={close} cancelLabel={t('keep_visit')} submitLabel={t('cancel_submit')} pending={cancelling.isPending} color="red" />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
