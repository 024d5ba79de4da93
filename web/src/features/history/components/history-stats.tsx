import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistorialEstadisticas } from '../../../../../contracts/history.ts';
import { consultationTypeLabel, formatDate } from '../../../lib/format.ts';

/** The three stats cards: total records, last consultation, most frequent type. */
export function HistoryStats({ stats }: { stats: HistorialEstadisticas | undefined }) {
  const { t } = useTranslation('history');
  const cards = [
    { label: t('stats_total'), value: stats ? String(stats.total) : '…' },
    { label: t('stats_last'), value: stats ? formatDate(stats.ultima_consulta) : '…' },
    { label: t('stats_frequent'), value: stats ? (stats.tipo_mas_frecuente ? consultationTypeLabel(stats.tipo_mas_frecuente) : '-') : '…' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" style={{ margin: 0 }}>
      {cards.map((card) => (
        <Paper key={card.label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed" fw={600}>
            {card.label}
          </Text>
          <Text component="dd" m={0} fz={26} fw={700}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
