import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaRecepcionItem, HuecoLibre } from '../../../../../../contracts/desk-booking.ts';
import { useMoveVisit } from '../../api/move-visit.ts';
import { CapOverride, isCapRefusal } from './cap-override.tsx';
import { FreeSlotsList } from './free-slots-list.tsx';
import { visitWhen } from './visit-when.ts';

interface MoveVisitModalProps {
  visit: CitaRecepcionItem | null;
  onClose: () => void;
  onMoved: (visit: CitaRecepcionItem) => void;
}

/** Moving a visit: the first free times of its specialty, any of its doctors; one click moves it. */
export function MoveVisitModal({ visit, onClose, onMoved }: MoveVisitModalProps) {
  const { t, i18n } = useTranslation('desk-booking');
  const moving = useMoveVisit();
  const [target, setTarget] = useState<HuecoLibre | null>(null);
  const close = () => {
    moving.reset();
    setTarget(null);
    onClose();
  };
  const move = (slot: HuecoLibre, forzar?: string) => {
    if (!visit) return;
    setTarget(slot);
    moving.mutate(
      { id_cita: visit.id_cita, id_agenda: slot.id_agenda, desde_agenda: visit.id_agenda, ...(forzar ? { forzar_limite: { motivo: forzar } } : {}) },
      {
        onSuccess: (moved) => {
          moving.reset();
          setTarget(null);
          onMoved(moved);
        },
      },
    );
  };
  const refusal = moving.error;
  return (
    <Modal opened={visit !== null} onClose={close} title={t('move_title')} size="xl" centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      {visit && (
        <Stack>
          <Text>{t('move_which', { when: visitWhen(visit, i18n.language), doctor: visit.doctor, specialty: visit.especialidad })}</Text>
          {isCapRefusal(refusal) && target ? (
            <CapOverride refusal={refusal} pending={moving.isPending} submitLabel={t('move_anyway')} onOverride={(motivo) => move(target, motivo)} />
          ) : (
            refusal && (
              <Alert color="red" role="alert">
                {refusal.message}
              </Alert>
            )
          )}
          <Text fw={600}>{t('move_pick')}</Text>
          <FreeSlotsList filter={{ id_especialidad: visit.id_especialidad, limite: 24 }} skip={visit.id_agenda} busy={moving.isPending} onPick={(slot) => move(slot)} />
        </Stack>
      )}
    </Modal>
  );
}
