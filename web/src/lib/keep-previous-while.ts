/**
 * TanStack Query's `keepPreviousData`, but only while the query's key keeps `value` at `index`: moving
 * a doctor's grid a week keeps the old week on screen until the new one answers; choosing another
 * doctor shows nothing (a loader) rather than the last doctor's free times under the new name.
 */
export function keepPreviousWhile(index: number, value: unknown) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery?.queryKey[index] === value ? previous : undefined;
}
