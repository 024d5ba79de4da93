import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HistorialItem } from '../../../../../contracts/history.ts';
import { formatDate } from '../../../lib/format.ts';
import { TypeBadge } from './type-badge.tsx';
import { VisitTypeName } from '../../../components/visit-type-name.tsx';

function LabelledLine({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The result cards of /historial. */
export function HistoryCards({ items }: { items: HistorialItem[] }) {
  const { t } = useTranslation('history');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Card key={item.id_consulta} withBorder radius="md" padding="md" component="li">
          <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
            <Text fw={700}>
              {formatDate(item.fecha)} · {item.hora}
            </Text>
            {item.tipo_visita ? (
              <Badge variant="outline" color="gray" styles={{ root: { color: 'var(--mantine-color-text)', textTransform: 'none' } }}>
                <VisitTypeName type={item.tipo_visita} />
              </Badge>
            ) : (
              <TypeBadge tipo={item.consulta} />
            )}
          </Group>
          <Stack gap={4}>
            <LabelledLine label={t('doctor')} value={item.doctor} />
            <LabelledLine label={t('reason')} value={item.motivo} />
            {item.descripcion && <LabelledLine label={t('description')} value={item.descripcion} />}
            <Group mt={4}>
              <Badge variant="outline" color="gray" size="sm" styles={{ root: { color: 'var(--mantine-color-text)' } }}>
                {t(`state_${item.estado}`)}
              </Badge>
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
