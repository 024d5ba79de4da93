import { Button, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HuecoLibre } from '../../../../../../contracts/desk-booking.ts';
import { capitalized, formatIso } from '../../../../lib/calendar.ts';
import { useFirstFreeSlots, type FreeSlotsFilter } from '../../api/get-first-free-slots.ts';

/** The slots of each day, in the order the server gives them (soonest first). */
function byDay(slots: HuecoLibre[]): [string, HuecoLibre[]][] {
  const days = new Map<string, HuecoLibre[]>();
  for (const slot of slots) days.set(slot.fecha, [...(days.get(slot.fecha) ?? []), slot]);
  return [...days.entries()];
}

interface FreeSlotsListProps {
  filter: FreeSlotsFilter;
  /** Left out of the list (the visit being moved is on it). */
  skip?: number;
  busy: boolean;
  onPick: (slot: HuecoLibre) => void;
}

/** "Primeros huecos libres": soonest first across days and doctors, grouped by day; one click picks one. */
export function FreeSlotsList({ filter, skip, busy, onPick }: FreeSlotsListProps) {
  const { t, i18n } = useTranslation('desk-booking');
  const query = useFirstFreeSlots(filter);
  if (filter.id_especialidad === undefined && filter.id_doctor === undefined) return null;
  if (query.isPending) return <Loader aria-label={t('common:loading')} />;
  if (query.isError) {
    return (
      <Text c="red" role="alert">
        {query.error.message}
      </Text>
    );
  }
  const slots = query.data.filter((slot) => slot.id_agenda !== skip);
  if (slots.length === 0) return <Text c="dimmed">{t('no_free_slots')}</Text>;
  return (
    <Stack gap="md">
      {byDay(slots).map(([fecha, daySlots]) => {
        const day = capitalized(formatIso(fecha, { weekday: 'long', day: 'numeric', month: 'long' }, i18n.language));
        return (
          <section key={fecha} aria-label={day}>
            <Title order={3} size="h5" mb="xs">
              {day}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
              {daySlots.map((slot) => (
                <Button
                  key={slot.id_agenda}
                  variant="default"
                  justify="space-between"
                  h="auto"
                  py={6}
                  disabled={busy}
                  onClick={() => onPick(slot)}
                  aria-label={t('pick_slot', { day, time: slot.hora_inicio, doctor: slot.doctor })}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left', width: '100%' } }}
                >
                  <Text component="span" fw={700} mr="sm">
                    {slot.hora_inicio}
                  </Text>
                  <Text component="span" size="sm">
                    {slot.doctor}
                  </Text>
                </Button>
              ))}
            </SimpleGrid>
          </section>
        );
      })}
    </Stack>
  );
}
