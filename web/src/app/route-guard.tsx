import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router.tsx';
import { SCREENS, type ScreenName } from '../../../contracts/routes.ts';
import { Forbidden } from '../components/layout/forbidden.tsx';
import { loginWithNext } from '../lib/safe-next.ts';
import { getSession, useSession } from '../lib/session.ts';

/**
 * The client-side guard of spec section 6. No (valid) token: to /login, which brings the user back
 * here afterwards (`?next=`). A role not allowed: 'No tienes permisos…' inside the user's own area,
 * with their menu and a way home, instead of leaving the app. A convenience only: the server decides.
 */
export function RouteGuard({ screen, children }: { screen: ScreenName; children: ReactNode }) {
  const session = useSession();
  // Only a visitor who arrived signed out is brought back here; one who logs out stays on /login.
  const [arrivedSignedOut] = useState(() => getSession() === null);
  const { pathname, search, hash } = useLocation();
  const access = SCREENS[screen].access;
  if (access === 'public') return children;
  // The state tells /login why a logged-out user is there (a stored reason from the API, if any, wins).
  if (!session) {
    return (
      <Navigate
        to={arrivedSignedOut ? loginWithNext(`${pathname}${search}${hash}`) : '/login'}
        replace
        state={{ motivo: 'requerida' }}
      />
    );
  }
  if (!(access as readonly string[]).includes(session.payload.rol)) return <Forbidden roles={access} />;
  return children;
}
