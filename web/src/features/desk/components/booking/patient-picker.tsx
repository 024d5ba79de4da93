import { Alert, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '../../../../../../contracts/routes.ts';
import { DESK_SEARCH_PAGE_SIZE, useDeskPatientSearch } from '../../../../lib/desk/search-desk-patients.ts';
import { Link } from '../../../../lib/router.tsx';
import { ListPager } from '../../../../components/list-pager.tsx';
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
      {results.isError && (
        <Alert color="red" role="alert">
          {t('common:load_error')}
        </Alert>
      )}
      {buscar && results.data && (
        <>
          <DeskPatientResults
            patients={results.data.items}
            total={results.data.total}
            approximate={results.data.approximate}
            selectedId={null}
            onSelect={(patient) => onPick(patient.id_paciente)}
            onLeaveTop={() => input.current?.focus()}
            listRef={list}
          />
          {(results.data.approximate || results.data.total > DESK_SEARCH_PAGE_SIZE) && (
            <ListPager page={page} pageSize={DESK_SEARCH_PAGE_SIZE} total={results.data.total} approximate={results.data.approximate} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
