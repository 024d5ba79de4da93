import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The one cache of server data; loaded with the first screen that reads the API. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change on retry; a network hiccup might.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});
