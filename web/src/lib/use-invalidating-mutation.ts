import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/** A change whose success makes every query under `queryKey` load again. */
export function useInvalidatingMutation<TInput, TResult>(queryKey: QueryKey, mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}
