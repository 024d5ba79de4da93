import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/**
 * A searched list's state: the text as typed, the text the server searches once the typing pauses
 * for `delayMs`, and the page shown, back to the first with each new text.
 */
export function useListSearch(delayMs: number, initial = '') {
  const [search, setText] = useState(initial);
  const [buscar] = useDebouncedValue(search.trim(), delayMs);
  const [page, setPage] = useState(1);
  const setSearch = (value: string) => {
    setText(value);
    setPage(1);
  };
  return { search, setSearch, buscar, page, setPage };
}
