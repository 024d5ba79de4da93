import { useRef } from 'react';
import { useDeskPatientSearch } from '../../../lib/desk/search-desk-patients.ts';
import { useListSearch } from '../../../lib/use-list-search.ts';

/**
 * The desk's patient search as it is typed, shared by its patients screen and the booking's patient
 * picker: the text, the debounced text the server searches, the page of results (back to the first
 * with each new text), and the box and list between which the arrow keys move the focus.
 * `boxProps` and `resultsProps` wire DeskSearchInput and DeskPatientResults to it.
 */
export function useDeskSearch(initial = '') {
  const { search, setSearch, buscar, page, setPage } = useListSearch(250, initial);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const results = useDeskPatientSearch(buscar, page);
  return {
    buscar,
    results,
    /** The one patient found, whom Enter opens; undefined unless there is exactly one. */
    onlyPatient: results.data?.items.length === 1 ? results.data.items[0]!.id_paciente : undefined,
    boxProps: {
      inputRef: input,
      value: search,
      fetching: results.isFetching,
      listRef: list,
      onChange: setSearch,
    },
    resultsProps: {
      found: buscar ? results.data : undefined,
      failed: results.isError,
      page,
      onPage: setPage,
      onLeaveTop: () => input.current?.focus(),
      listRef: list,
    },
  };
}
