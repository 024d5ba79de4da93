import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../../../../../contracts/routes.ts';
import { useDeskPatientSearch } from '../../../../lib/desk/search-desk-patients.ts';
import { Link } from '../../../../lib/router.tsx';
import { DeskPatientResults } from '../desk-patient-results.tsx';
import { DeskSearchInput } from '../desk-search-input.tsx';

/** Who the visit is for, found as on the desk's patient screen: the search as the desk types, one result picked. */
export function PatientPicker({ onPick }: { onPick: (id_paciente: number) => void }) {
  const { t } = useTranslation('desk-booking');
  const [search, setSearch] = useState('');
  const [buscar] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const results = useDeskPatientSearch(buscar, page);
  return (
    <Stack gap="sm" maw={640}>
      <Text>
        {t('pick_patient_intro')} <Link to={`${SCREENS.deskPatients.path}?nuevo=1`}>{t('pick_patient_link')}</Link>
      </Text>
      <DeskSearchInput
        inputRef={input}
        value={search}
        fetching={results.isFetching}
        listRef={list}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onEnter={() => {
          if (results.data?.items.length === 1) onPick(results.data.items[0]!.id_paciente);
        }}
      />
      <DeskPatientResults
        found={buscar ? results.data : undefined}
        failed={results.isError}
        page={page}
        onPage={setPage}
        selectedId={null}
        onSelect={(patient) => onPick(patient.id_paciente)}
        onLeaveTop={() => input.current?.focus()}
        listRef={list}
      />
    </Stack>
  );
}
