import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from './session.ts';

/** Ends the session on the server (older tokens stop working), forgets it here, goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Imported here, not at the top, so the API client and the query library stay out of the first load.
    const [{ api }, { queryClient }] = await Promise.all([import('./api.ts'), import('./query-client.ts')]);
    await api('POST', '/auth/logout').catch(() => undefined);
    clearSession();
    queryClient.clear();
    void navigate('/login');
  }, [navigate]);
}
