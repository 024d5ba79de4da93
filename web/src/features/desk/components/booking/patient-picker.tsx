import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../../../../../contracts/routes.ts';
import { Link } from '../../../../lib/router.tsx';
import { DeskPatientResults } from '../desk-patient-results.tsx';
import { DeskSearchInput } from '../desk-search-input.tsx';
import { useDeskSearch } from '../use-desk-search.ts';

/** Who the visit is for, found as on the desk's patient screen: the search as the desk types, one result picked. */
export function PatientPicker({ onPick }: { onPick: (id_paciente: number) => void }) {
  const { t } = useTranslation('desk-booking');
  const desk = useDeskSearch();
  return (
    <Stack gap="sm" maw={640}>
      <Text>
        {t('pick_patient_intro')} <Link to={`${SCREENS.deskPatients.path}?nuevo=1`}>{t('pick_patient_link')}</Link>
      </Text>
      <DeskSearchInput
        {...desk.boxProps}
        onEnter={() => {
          if (desk.onlyPatient !== undefined) onPick(desk.onlyPatient);
        }}
      />
      <DeskPatientResults {...desk.resultsProps} selectedId={null} onSelect={(patient) => onPick(patient.id_paciente)} />
    </Stack>
  );
}
