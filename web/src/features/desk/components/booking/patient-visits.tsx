import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CitaRecepcionItem } from '../../../../../../contracts/desk-booking.ts';
import { visitWhen } from './visit-when.ts';

const ESTADO_COLORS = { pendiente: 'yellow', Confirmada: 'teal.9', Cancelada: 'gray.7' } as const;

interface PatientVisitsProps {
  visits: CitaRecepcionItem[];
  onMove: (visit: CitaRecepcionItem) => void;
  onCancel: (visit: CitaRecepcionItem) => void;
}

/** The patient's visits still to come, each with "Mover" and "Cancelar". */
export function PatientVisits({ visits, onMove, onCancel }: PatientVisitsProps) {
  const { t, i18n } = useTranslation('desk-booking');
  if (visits.length === 0) return <Text c="dimmed">{t('no_visits')}</Text>;
  return (
    <Stack gap="xs">
      {visits.map((visit) => {
        const when = visitWhen(visit, i18n.language);
        return (
          <Card key={visit.id_cita} withBorder padding="sm" component="article" aria-label={t('visit_label', { when, doctor: visit.doctor })}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text fw={600}>{when}</Text>
                <Text size="sm">
                  {visit.doctor} · {visit.especialidad}
                  {visit.tipo_visita ? ` · ${visit.tipo_visita.nombre}` : ''}
                </Text>
                {visit.limite_forzado && (
                  <Text size="sm" c="dimmed">
                    {t('cap_passed', { reason: visit.limite_forzado })}
                  </Text>
                )}
              </Stack>
              <Group gap="xs" wrap="wrap">
                <Badge color={ESTADO_COLORS[visit.estado]} variant="filled" tt="none" w="max-content">
                  {t(`state_${visit.estado}`)}
                </Badge>
                <Button size="xs" variant="default" onClick={() => onMove(visit)} aria-label={t('move_aria', { when })}>
                  {t('move')}
                </Button>
                <Button size="xs" variant="default" color="red" onClick={() => onCancel(visit)} aria-label={t('cancel_aria', { when })}>
                  {t('cancel')}
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
