import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { plazoTexto } from '../../../../../contracts/booking-rules-words.ts';
import { formatIso } from '../../../lib/calendar.ts';
import { useMyRules } from '../api/get-my-rules.ts';

/** The clinic's booking window, and the one-request limit after no-shows, said before the patient tries. */
export function BookingRulesNotice() {
  const { t, i18n } = useTranslation('booking');
  const rules = useMyRules();
  if (!rules.data) return null;
  const { data } = rules;
  const language = (['es', 'ca', 'en'] as const).find((l) => i18n.language.startsWith(l)) ?? 'es';
  const blocked = data.restringido && data.solicitudes_pendientes > 0;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('rules_window', {
          notice: plazoTexto(data.antelacion_reserva_min, language),
          date: formatIso(data.fecha_limite, { day: 'numeric', month: 'long', year: 'numeric' }, i18n.language),
          cancel: plazoTexto(data.antelacion_cancelacion_min, language),
        })}
      </Text>
      {data.restringido && (
        <Alert color={blocked ? 'orange' : 'blue'} role={blocked ? 'alert' : undefined} title={t('no_shows_title')}>
          {t(blocked ? 'no_shows_blocked' : 'no_shows_one_request', { count: data.no_presentados })}
        </Alert>
      )}
    </>
  );
}
