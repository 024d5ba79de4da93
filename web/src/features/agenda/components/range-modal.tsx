import { Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangoAgenda } from '../../../../../contracts/agenda.ts';
import { DateField, TimeField } from '../../../components/date-fields.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { submitWith } from '../../../lib/submit-with.ts';
import { withSeconds } from './labels.ts';

interface RangeModalProps {
  title: string;
  submitLabel: string;
  /** The spec's message when a field is empty (it differs between blocking and unblocking). */
  missingMessage: string;
  initialDate: string;
  idDoctor: number;
  busy: boolean;
  onClose: () => void;
  /** Sends the range; resolves true when the modal may close. */
  onSubmit: (range: RangoAgenda) => Promise<boolean>;
}

/** The block and unblock modals: date, reason, start and end time, all required. */
export function RangeModal({ title, submitLabel, missingMessage, initialDate, idDoctor, busy, onClose, onSubmit }: RangeModalProps) {
  const { t } = useTranslation('agenda');
  const [values, setValues] = useState({ fecha: initialDate, motivo: '', hora_inicio: '', hora_fin: '' });
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
  });

  const submit = async () => {
    const { fecha, motivo, hora_inicio, hora_fin } = values;
    if (!fecha || !motivo.trim() || !hora_inicio || !hora_fin) {
      notifyError(missingMessage);
      return;
    }
    const done = await onSubmit({
      id_doctor: idDoctor,
      fecha,
      motivo: motivo.trim(),
      hora_inicio: withSeconds(hora_inicio),
      hora_fin: withSeconds(hora_fin),
    });
    if (done) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <DateField label={t('date')} required {...field('fecha')} />
          <TextInput
            label={t('reason')}
            required
            maxLength={200}
            value={values.motivo}
            onChange={(event) => field('motivo').onChange(event.currentTarget.value)}
          />
          <Group grow>
            <TimeField label={t('start')} required {...field('hora_inicio')} />
            <TimeField label={t('end')} required {...field('hora_fin')} />
          </Group>
          <ModalActions onCancel={onClose} submitLabel={submitLabel} pending={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
