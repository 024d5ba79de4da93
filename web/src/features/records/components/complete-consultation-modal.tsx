import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { finalizarConsultaSchema, type Consulta } from '../../../../../contracts/consultations.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { validationText } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFinishConsultation } from '../api/finish-consultation.ts';

type FormInput = z.input<typeof finalizarConsultaSchema>;
type FormOutput = z.output<typeof finalizarConsultaSchema>;

/** Completes a consultation: diagnóstico (required) and recomendaciones; estado becomes finalizada. */
export function CompleteConsultationModal({ consulta, onClose }: { consulta: Consulta; onClose: () => void }) {
  const { t } = useTranslation('records');
  const finish = useFinishConsultation(consulta.id_paciente);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(finalizarConsultaSchema),
    defaultValues: { diagnostico: consulta.diagnostico ?? '', recomendaciones: consulta.recomendaciones ?? '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await finish.mutateAsync({ id_consulta: consulta.id_consulta, body });
      notifySuccess(t('completed'));
      onClose();
    } catch {
      notifyError(t('complete_failed'));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('complete_title')} centered closeButtonProps={{ 'aria-label': t('common:close') }} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>{t('complete_reason', { reason: consulta.motivo })}</Text>
          {consulta.descripcion && <Text size="sm">{consulta.descripcion}</Text>}
          <Textarea
            label={t('diagnosis')}
            required
            autosize
            minRows={3}
            maxLength={2000}
            error={validationText(errors.diagnostico?.message)}
            {...register('diagnostico')}
          />
          <Textarea label={t('recommendations')} autosize minRows={3} maxLength={2000} {...register('recomendaciones')} />
          <ModalActions onCancel={onClose} submitLabel={t('complete')} pending={finish.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
