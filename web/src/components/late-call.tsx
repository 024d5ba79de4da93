import { Anchor, Text, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { phoneHref, useClinic } from '../lib/clinic.ts';

/**
 * Inside the clinic's cancellation notice a visit is cancelled or moved by phone: the sentence that
 * says so and the clinic's number, ready to call ('Mis visitas', the patient's home).
 */
export function LateCall({ size = 'sm', maw }: { size?: MantineSize; maw?: number }) {
  const { t } = useTranslation('common');
  const clinic = useClinic();
  return (
    <Text size={size} maw={maw}>
      {t('late_call')}{' '}
      <Anchor href={phoneHref(clinic.telefono)} size={size} fw={600} style={{ whiteSpace: 'nowrap' }}>
        {clinic.telefono}
      </Anchor>
    </Text>
  );
}
