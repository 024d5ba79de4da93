import { Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** A search is under way: the box shows a spinner. */
  fetching: boolean;
  /** The results' list: ↓ moves the focus to its first result. */
  listRef: RefObject<HTMLUListElement | null>;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Enter with a single result opens it. */
  onEnter: () => void;
  /** How the box grows in a row beside other controls. */
  flex?: string;
}

/** The desk's one search box (name, DNI/NIE, phone, e-mail or birth date), searched as the desk types. */
export function DeskSearchInput({ value, onChange, fetching, listRef, inputRef, onEnter, flex }: Props) {
  const { t } = useTranslation('desk-patients');
  return (
    <TextInput
      ref={inputRef}
      flex={flex}
      type="search"
      label={t('search_label')}
      placeholder={t('search_placeholder')}
      description={t('search_hint')}
      value={value}
      autoComplete="off"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={fetching ? <Loader size="xs" aria-hidden /> : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          listRef.current?.querySelector('button')?.focus();
        } else if (event.key === 'Enter') {
          onEnter();
        }
      }}
    />
  );
}
