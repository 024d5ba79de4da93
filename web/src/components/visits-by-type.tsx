import { ColorSwatch, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VisitasPorTipo } from '../../../contracts/home.ts';
import { localeOf } from '../lib/calendar.ts';
import { numberFormat } from '../lib/intl-cache.ts';

/** The home figures by type: each type's colour, name and how many visits, as one short list. */
export function VisitsByType({ counts, label }: { counts: readonly VisitasPorTipo[]; label: string }) {
  const { i18n } = useTranslation();
  if (counts.length === 0) return null;
  const integer = numberFormat(localeOf(i18n.language), {});
  return (
    <Group role="group" aria-label={label} gap="xs" wrap="wrap">
      {counts.map((row) => (
        <Group key={row.id_tipo} gap={6} wrap="nowrap">
          <ColorSwatch color={row.color} size={12} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" span>
            {row.nombre}: <b>{integer.format(row.visitas)}</b>
          </Text>
        </Group>
      ))}
    </Group>
  );
}
