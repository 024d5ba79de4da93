import { Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CitaPorReubicar, HuecoReubicar } from '../../../../../contracts/relocate.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { phoneForReading, phoneHref } from '../../../lib/clinic.ts';

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

type Props = {
  visit: CitaPorReubicar;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  target: HuecoReubicar | undefined;
  /** The last proposal found nothing free for it. */
  noProposal: boolean;
  onChoose: () => void;
};

/** One visit to relocate: who (name and how to reach them), with whom and when it was, and the new time if one is chosen. */
export function RelocateVisitCard({ visit, selected, onSelect, target, noProposal, onChoose }: Props) {
  const { t } = useTranslation('relocate');
  const original = t('when', { day: formatIso(visit.fecha, DAY), time: visit.hora });
  return (
    <Paper withBorder p="sm" radius="md" component="li" bg={selected ? 'var(--mantine-primary-color-light)' : undefined}>
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          mt={4}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
          aria-label={t('select_visit', { patient: visit.paciente, when: original })}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fw={600}>{visit.paciente}</Text>
            <Text size="sm">{t('with_doctor', { when: original, doctor: visit.doctor })}</Text>
          </Group>
          <Group gap="md" wrap="wrap">
            {visit.telefono && (
              <Anchor href={phoneHref(visit.telefono)} size="sm">
                <IconPhone size={14} aria-hidden /> {phoneForReading(visit.telefono)}
              </Anchor>
            )}
            {visit.correo && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <IconMail size={14} aria-hidden /> {visit.correo}
              </Text>
            )}
            {visit.especialidad && (
              <Text size="sm" c="dimmed">
                {visit.especialidad}
              </Text>
            )}
          </Group>
          <Group justify="space-between" gap="xs" wrap="wrap" mt={4}>
            <Text size="sm" aria-live="polite">
              {target ? (
                <>
                  <IconArrowRight size={14} aria-hidden /> {t('new_time', { when: t('when', { day: formatIso(target.fecha, DAY), time: target.hora }), doctor: target.doctor })}
                </>
              ) : noProposal ? (
                t('no_proposal')
              ) : (
                <Text span c="dimmed" size="sm">
                  {t('no_new_time')}
                </Text>
              )}
            </Text>
            <Button size="compact-sm" variant="default" onClick={onChoose} aria-label={t('choose_named', { patient: visit.paciente })}>
              {target ? t('choose_other') : t('choose')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
