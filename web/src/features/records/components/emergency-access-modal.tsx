import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accesoUrgenteInput, MOTIVO_URGENTE_MAX, type AccesoUrgenteInput } from '../../../../../contracts/records.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { ApiError } from '../../../lib/api.ts';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useDeclareEmergencyAccess } from '../api/emergency-access.ts';

/**
 * Break the glass: before the record of a patient the doctor does not treat is shown, the doctor
 * states why. The reason is stored as one line (line breaks typed here become spaces), audited, and
 * shown to the patient; closing the dialog goes back to the patient list.
 */
export function EmergencyAccessModal({ idPaciente, onCancel }: { idPaciente: number; onCancel: () => void }) {
  const { t } = useTranslation('records');
  const declare = useDeclareEmergencyAccess(idPaciente);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AccesoUrgenteInput>({ resolver: zodResolver(accesoUrgenteInput), defaultValues: { motivo: '' } });
  const motivo = useWatch({ control, name: 'motivo' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await declare.mutateAsync(values);
    } catch (error) {
      notifyError(error instanceof ApiError && error.status < 500 ? error.message : t('emergency_failed'));
    }
  });

  return (
    <Modal opened onClose={onCancel} title={t('emergency_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} variant="light">
            {t('emergency_intro')}
          </Alert>
          <Textarea
            label={t('emergency_reason')}
            description={t('emergency_reason_help')}
            required
            autosize
            minRows={3}
            maxLength={MOTIVO_URGENTE_MAX}
            error={validationText(errors.motivo?.message)}
            data-autofocus
            {...register('motivo', { setValueAs: (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ') })}
          />
          <Text size="xs" c="dimmed" ta="right" aria-live="polite">
            {t('emergency_count', { count: motivo.length, max: MOTIVO_URGENTE_MAX })}
          </Text>
          <ModalActions onCancel={onCancel} submitLabel={t('emergency_submit')} pending={declare.isPending} color="red.9" />
        </Stack>
      </form>
    </Modal>
  );
}
