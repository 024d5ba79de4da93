import { Container, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { browserClockDiffers, clinicTimeZone, onClinicTimeZone } from '../lib/clinic-clock.ts';

/** 'Europe/Madrid' -> 'Madrid', 'America/New_York' -> 'New York': the place people know a zone by. */
export const zonePlace = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

/**
 * Every time on screen is the clinic's (visits, slots, notices). When this browser's clock shows
 * other times, each screen says so once, above its content; otherwise nothing is shown.
 */
export function ClinicTimeNote() {
  const { t } = useTranslation('common');
  const zone = useSyncExternalStore(onClinicTimeZone, clinicTimeZone, clinicTimeZone);
  if (!browserClockDiffers(new Date(), undefined, zone)) return null;
  return (
    <Container size="xl" pt="xs">
      <Group gap={6} wrap="nowrap" role="note" data-clinic-time-note>
        <IconClock size={16} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" c="dimmed">
          {t('clinic_time_note', { place: zonePlace(zone) })}
        </Text>
      </Group>
    </Container>
  );
}
