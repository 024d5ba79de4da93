import { useCallback } from 'react';
import { useNavigate } from './router.tsx';
import { rememberLoginReason } from './login-reason.ts';
import { clearSession } from './session.ts';

/** Ends this session on the server (a copy of its token dies too), forgets it here, goes to /login. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    // Imported here, not at the top, so the API client stays out of the first load.
    const { api } = await import('./api.ts');
    await api('POST', '/auth/logout').catch(() => undefined);
    clearSession();
    // Said before the guard notices the session is gone, so /login does not ask for a log-in.
    rememberLoginReason('salida');
    void navigate('/login');
  }, [navigate]);
}
