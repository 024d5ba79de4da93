import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Historia } from '../../../../../contracts/records.ts';
import { listFormat } from '../../../lib/intl-cache.ts';
import { localeOf } from '../../../lib/calendar.ts';

/**
 * What a doctor must see before anything else in a record: allergies (or that none are recorded),
 * active diseases and disabilities, in one banner at the top.
 */
export function ClinicalAlerts({ record }: { record: Pick<Historia, 'alergias' | 'enfermedades' | 'discapacidades'> }) {
  const { t, i18n } = useTranslation('records');
  const list = (items: string[]) => listFormat(localeOf(i18n.language), { type: 'conjunction' }).format(items);
  const allergies = record.alergias.map((a) => (a.observaciones ? `${a.nombre} (${a.observaciones})` : a.nombre));
  const diseases = record.enfermedades.filter((e) => e.activa).map((e) => e.nombre);
  const disabilities = record.discapacidades.map((d) => (d.porcentaje !== null ? `${d.tipo} (${d.porcentaje} %)` : d.tipo));
  const serious = allergies.length > 0;
  return (
    <Alert
      color={serious ? 'red' : 'gray'}
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={<span id="alertas-clinicas">{t('alert_banner')}</span>}
      role="region"
      aria-labelledby="alertas-clinicas"
    >
      <List spacing={2} size="sm">
        <List.Item>
          <Text span fw={serious ? 700 : 400} size="sm">
            {serious ? t('alert_allergies', { list: list(allergies) }) : t('alert_no_allergies')}
          </Text>
        </List.Item>
        {diseases.length > 0 && <List.Item>{t('alert_diseases', { list: list(diseases) })}</List.Item>}
        {disabilities.length > 0 && <List.Item>{t('alert_disabilities', { list: list(disabilities) })}</List.Item>}
      </List>
    </Alert>
  );
}
