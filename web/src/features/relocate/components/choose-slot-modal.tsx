import { Button, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CitaPorReubicar, HuecoReubicar } from '../../../../../contracts/relocate.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { useRelocateSlots } from '../api/get-relocate-slots.ts';

/** Another time by hand: a day, then one of that day's free times of the visit's specialty (any of its doctors). */
export function ChooseSlotModal({ visit, initialDate, onChoose, onClose }: { visit: CitaPorReubicar; initialDate: string; onChoose: (slot: HuecoReubicar) => void; onClose: () => void }) {
  const { t } = useTranslation('relocate');
  const [fecha, setFecha] = useState(initialDate);
  const slots = useRelocateSlots(visit.id_cita, fecha);
  return (
    <Modal opened onClose={onClose} title={t('choose_title', { patient: visit.paciente })} centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      <Stack>
        <DateField label={t('choose_day')} value={fecha} onChange={setFecha} />
        {slots.isLoading && <Loader size="sm" aria-label={t('common:loading')} />}
        {slots.data && slots.data.length === 0 && <Text size="sm">{t('choose_none')}</Text>}
        {slots.data && slots.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="list" aria-label={t('choose_list')}>
            {slots.data.map((slot) => (
              <Button key={slot.id_agenda} role="listitem" variant="light" onClick={() => onChoose(slot)} styles={{ label: { whiteSpace: 'normal' } }} h="auto" py={6}>
                {t('slot_label', { time: slot.hora, doctor: slot.doctor })}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Modal>
  );
}
