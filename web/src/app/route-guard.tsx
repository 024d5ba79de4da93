import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { SCREENS, type ScreenName } from '../../../contracts/routes.ts';
import { useSession } from '../lib/session.ts';

/**
 * The client-side guard of spec section 6: no (valid) token goes to /login; a role not allowed
 * first hears 'No tienes permisos…' and then goes to /login. A convenience only: the server decides.
 */
export function RouteGuard({ screen, children }: { screen: ScreenName; children: ReactNode }) {
  const { t } = useTranslation('common');
  const session = useSession();
  const access = SCREENS[screen].access;
  const denied = access !== 'public' && session !== null && !(access as readonly string[]).includes(session.payload.rol);
  const warned = useRef(false);

  useEffect(() => {
    if (denied && !warned.current) {
      warned.current = true;
      const message = t('guard_forbidden', { roles: (access as readonly string[]).join(', ') });
      // Rare, so the notification code is fetched only then.
      void import('../lib/notify.ts').then(({ notifyError }) => notifyError(message));
    }
  }, [denied, access, t]);

  if (access === 'public') return children;
  // The state tells /login why a logged-out user is there (a stored reason from the API, if any, wins).
  if (!session || denied) return <Navigate to="/login" replace state={session ? undefined : { motivo: 'requerida' }} />;
  return children;
}
