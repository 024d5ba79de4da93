import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { getSession, onAccountChange } from './session.ts';

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

// The cache holds the signed-in user's data under keys without their id ('my profile', 'my visits'):
// when the account changes by any road (the menu's log-out, a refused token, a log-out or log-in in
// another tab, a log-in here after an expiry), the next user starts from an empty one. A screen
// already drawn for the last user in this tab while another tab signed a different one in is drawn
// again from scratch. (A cache never loaded holds nothing to forget.)
onAccountChange((elsewhere) => {
  queryClient.clear();
  if (elsewhere && getSession()) window.location.reload();
});
