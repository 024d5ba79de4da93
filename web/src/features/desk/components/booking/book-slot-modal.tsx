import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaRecepcionItem, HuecoLibre } from '../../../../../../contracts/desk-booking.ts';
import { DefinitionList } from '../../../../components/definition-list.tsx';
import { formatIso } from '../../../../lib/calendar.ts';
import { useBookForPatient } from '../../api/book-for-patient.ts';
import { CapOverride, isCapRefusal } from './cap-override.tsx';

interface BookSlotModalProps {
  id_paciente: number;
  patientName: string;
  slot: HuecoLibre | null;
  /** The visit type chosen above the free times, with its name for the summary. */
  visitType?: { id_tipo: number; nombre: string } | undefined;
  onClose: () => void;
  onBooked: (visit: CitaRecepcionItem) => void;
}

/** One free time picked: who, with whom and when, the visit's reason, and the booking (or the cap's way past). */
export function BookSlotModal({ id_paciente, patientName, slot, visitType, onClose, onBooked }: BookSlotModalProps) {
  const { t, i18n } = useTranslation('desk-booking');
  const { t: tv } = useTranslation('visit-types');
  const booking = useBookForPatient();
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);

  const close = () => {
    booking.reset();
    setMotivo('');
    setMissing(false);
    onClose();
  };
  const book = (forzar?: string) => {
    if (!slot) return;
    if (motivo.trim() === '') {
      setMissing(true);
      return;
    }
    booking.mutate(
      {
        id_paciente,
        id_agenda: slot.id_agenda,
        motivo: motivo.trim(),
        ...(visitType ? { id_tipo_visita: visitType.id_tipo } : {}),
        ...(forzar ? { forzar_limite: { motivo: forzar } } : {}),
      },
      {
        onSuccess: (visit) => {
          setMotivo('');
          booking.reset();
          onBooked(visit);
        },
      },
    );
  };

  const refusal = booking.error;
  return (
    <Modal opened={slot !== null} onClose={close} title={t('book_title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      {slot && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            book();
          }}
        >
          <Stack>
            <DefinitionList
              cols={{ base: 1, sm: 2 }}
              items={[
                { label: t('patient'), value: patientName },
                { label: t('doctor'), value: slot.doctor },
                { label: t('specialty'), value: slot.especialidad },
                ...(visitType ? [{ label: tv('pick_label'), value: visitType.nombre }] : []),
                { label: t('when'), value: `${formatIso(slot.fecha, { dateStyle: 'full' }, i18n.language)}, ${slot.hora_inicio}–${slot.hora_fin}` },
              ]}
            />
            <Textarea
              label={t('reason')}
              required
              autosize
              minRows={2}
              maxLength={500}
              value={motivo}
              data-autofocus
              error={missing ? t('validation:motivo_cita_requerido') : undefined}
              onChange={(event) => {
                setMotivo(event.currentTarget.value);
                setMissing(false);
              }}
            />
            {isCapRefusal(refusal) ? (
              <CapOverride refusal={refusal} pending={booking.isPending} submitLabel={t('book_anyway')} onOverride={book} />
            ) : (
              refusal && (
                <Alert color="red" role="alert">
                  {refusal.message}
                </Alert>
              )
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={booking.isPending && !isCapRefusal(refusal)} disabled={isCapRefusal(refusal)}>
                {t('book_submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
