import { Autocomplete } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchHistory } from '../lib/use-search-history.ts';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A list's search box. The last five searches (Enter, leaving the box, or picking one) are offered
 * as suggestions.
 */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  const { history, remember } = useSearchHistory();
  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      data={history}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      onOptionSubmit={remember}
      onBlur={() => remember(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') remember(value);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
