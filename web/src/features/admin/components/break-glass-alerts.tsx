import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CifrasClinica } from '../../../../../contracts/home.ts';
import { formatInstant } from '../../../lib/format.ts';
import { Link } from '../../../lib/router.tsx';

/**
 * The admin's notice of bursts of break-the-glass openings (one doctor, many records in a short
 * time, in the last 7 days): who, how many, when. Nothing when there were none.
 */
export function BreakGlassAlerts({ alerts }: { alerts: CifrasClinica['alertas_acceso_urgente'] }) {
  const { t, i18n } = useTranslation('trust');
  if (alerts.length === 0) return null;
  const when = (iso: string) => formatInstant(iso, i18n.language);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('alerts_title')} role="region" aria-label={t('alerts_title')}>
      <Text size="sm" mb="xs">
        {t('alerts_intro')}
      </Text>
      <List size="sm" spacing={4}>
        {alerts.map((alert) => (
          <List.Item key={`${alert.id_doctor}-${alert.desde}`}>
            <Text span fw={600}>
              {alert.doctor}
            </Text>
            {` · ${t('alerts_col_count')}: ${alert.aperturas} · ${t('alerts_when', { from: when(alert.desde), to: when(alert.hasta) })}`}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to="/auditoria" size="sm" mt="xs" display="inline-block" c="inherit" fw={600} underline="always">
        {t('alerts_audit')}
      </Anchor>
    </Alert>
  );
}
