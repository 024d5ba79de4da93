import { useCallback, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** How many past searches are kept (spec section 9). */
export const SEARCH_HISTORY_SIZE = 5;

export function readSearchHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.searchHistory) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, SEARCH_HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/** The newest search first, without repeats (whatever their case), at most five. */
export function addToHistory(history: string[], term: string): string[] {
  const value = term.trim();
  if (!value) return history;
  const rest = history.filter((item) => item.toLocaleLowerCase() !== value.toLocaleLowerCase());
  return [value, ...rest].slice(0, SEARCH_HISTORY_SIZE);
}

/** The last searches of the search boxes, kept under `historialBusqueda` (cleared at logout). */
export function useSearchHistory() {
  const [history, setHistory] = useState(readSearchHistory);
  const remember = useCallback((term: string) => {
    const next = addToHistory(readSearchHistory(), term);
    writeStorage(STORAGE_KEYS.searchHistory, JSON.stringify(next));
    setHistory(next);
  }, []);
  return { history, remember };
}
