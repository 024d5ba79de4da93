import { hashKey } from '@tanstack/react-query';

/**
 * TanStack Query's `keepPreviousData`, but only while the query's key keeps `value` at `index`
 * (compared by value, as query keys are): moving a doctor's grid a week keeps the old week on screen
 * until the new one answers; choosing another doctor, or other history filters, shows nothing (a
 * loader) rather than the last answer under the new name or filter.
 */
export function keepPreviousWhile(index: number, value: unknown) {
  const wanted = hashKey([value]);
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery !== undefined && hashKey([previousQuery.queryKey[index]]) === wanted ? previous : undefined;
}
