import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../../../../../contracts/routes.ts';
import { Link } from '../../../../lib/router.tsx';

/**
 * Until the desk's patient search opens this screen with ?paciente=ID, the patient's number picks
 * them here.
 */
export function PatientPicker({ onPick }: { onPick: (id_paciente: number) => void }) {
  const { t } = useTranslation('desk-booking');
  const [value, setValue] = useState<number | string>('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (typeof value === 'number' && value > 0) onPick(value);
      }}
    >
      <Stack gap="sm" maw={420}>
        <Text>
          {t('pick_patient_intro')} <Link to={SCREENS.deskPatients.path}>{t('pick_patient_link')}</Link>
        </Text>
        <Group align="flex-end" gap="xs">
          <NumberInput label={t('patient_number')} value={value} onChange={setValue} min={1} allowDecimal={false} hideControls style={{ flex: 1 }} />
          <Button type="submit">{t('open_patient')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
