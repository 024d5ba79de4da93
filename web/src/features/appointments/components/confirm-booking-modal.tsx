import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { citaFormSchema, type CitaForm } from '../../../../../contracts/appointments.ts';
import { DefinitionList } from '../../../components/definition-list.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';
import { formatIso } from '../../../lib/calendar.ts';
import { validationText } from '../../../lib/i18n.ts';

export interface AppointmentChoice {
  doctor: string;
  specialty: string;
  fecha: string;
  hora: string;
  hora_fin: string;
  patient: string;
  /** The visit type's name and the instructions the clinic gives for it. */
  type?: string;
  instructions?: string | null;
}

interface ConfirmBookingModalProps {
  choice: AppointmentChoice | null;
  submitting: boolean;
  onSubmit: (values: z.output<typeof citaFormSchema>) => Promise<void>;
  onClose: () => void;
}

/** 'Confirmar Cita': what is being booked and the required reason (reminders follow the clinic's plan). */
export function ConfirmBookingModal({ choice, submitting, onSubmit, onClose }: ConfirmBookingModalProps) {
  const { t, i18n } = useTranslation('booking');
  const { t: tv } = useTranslation('visit-types');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CitaForm, unknown, z.output<typeof citaFormSchema>>({
    resolver: zodResolver(citaFormSchema),
    defaultValues: { motivo: '', recordatorio: false },
  });

  // A new slot starts with an empty form.
  const slot = choice ? `${choice.fecha} ${choice.hora}` : null;
  useEffect(() => {
    if (slot) reset({ motivo: '', recordatorio: false });
  }, [slot, reset]);

  const items = choice
    ? [
        { label: t('doctor'), value: choice.doctor },
        { label: t('specialty'), value: choice.specialty },
        { label: t('when'), value: `${formatIso(choice.fecha, { dateStyle: 'full' }, i18n.language)}, ${choice.hora}–${choice.hora_fin}` },
        { label: t('patient'), value: choice.patient },
        ...(choice.type ? [{ label: tv('pick_label'), value: choice.type }] : []),
      ]
    : [];

  return (
    <Modal
      opened={choice !== null}
      onClose={onClose}
      title={t('confirm_title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <Stack>
          <DefinitionList items={items} cols={{ base: 1, sm: 2 }} />
          {choice?.instructions && (
            <Alert variant="light" title={tv('instructions')}>
              {choice.instructions}
            </Alert>
          )}
          <Textarea
            label={t('reason')}
            required
            autosize
            minRows={3}
            maxLength={500}
            error={validationText(errors.motivo?.message)}
            data-autofocus
            {...register('motivo')}
          />
          <ModalActions onCancel={onClose} submitLabel={t('submit')} pending={submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
