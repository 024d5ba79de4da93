import { lazy, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpen, normalizedPath, SCREEN_REDIRECTS, SCREENS, screenAt, type ScreenName } from '../../../contracts/routes.ts';
import { AnyLayout, AreaLayout, PublicLayout } from '../components/layout/layouts.tsx';
import i18n, { SHARED_NAMESPACES } from '../lib/i18n.ts';
import { AppNavigation, Navigate, useLocation, useNavigate } from '../lib/router.tsx';
import { screenTitleKey, useDocumentTitle } from '../lib/screen-title.ts';
import { getSession, MFA_REQUIRED_EVENT, SESSION_EXPIRED_EVENT } from '../lib/session.ts';
import { RouteGuard } from './route-guard.tsx';
import { screens, type ScreenModule } from './screens.ts';

const loads = new Map<string, Promise<ScreenModule>>();
const components = new Map<string, ComponentType>();

/** A screen's code, its strings and, when it reads the API, the query cache: fetched together, once. */
function loadScreen(name: ScreenName): Promise<ScreenModule> {
  const definition = screens[name];
  // Two paths may share one component (perfil-paciente and paciente-perfil): load it once.
  const key = definition.load.toString();
  let load = loads.get(key);
  if (!load) {
    // The screen's strings download alongside its code, so it renders once, without a second wait.
    // The query cache, when the screen reads the API, too.
    const code = definition.load();
    if (definition.data !== false) startFirstReads(name, code);
    load = (async () => {
      const [screen, scope] = await Promise.all([
        code,
        definition.data === false ? undefined : import('./query-scope.tsx'),
        // Screens that call the API also show its error and validation messages.
        i18n.loadNamespaces(
          definition.data === false ? [...definition.namespaces] : [...definition.namespaces, ...SHARED_NAMESPACES],
        ),
      ]);
      if (!scope) return screen;
      const { default: Screen } = screen;
      const { default: QueryScope, Settled } = scope;
      return {
        default: definition.settle
          ? () => (
              <QueryScope>
                <Settled>
                  <Screen />
                </Settled>
              </QueryScope>
            )
          : () => (
              <QueryScope>
                <Screen />
              </QueryScope>
            ),
      };
    })();
    loads.set(key, load);
  }
  return load;
}

/**
 * The screen's first reads go out as soon as its code and the query cache are here, while its strings
 * load and the layout draws: on a phone the answers arrive about when the screen is ready to show them,
 * instead of a round trip after it. Only for a user the screen is open to (the guard sends anyone else
 * away before the screen would read anything).
 */
function startFirstReads(name: ScreenName, code: Promise<ScreenModule>) {
  const session = getSession();
  if (!session || !canOpen(name, session.payload.rol)) return;
  Promise.all([code, import('../lib/query-client.ts')])
    .then(([screen, { queryClient }]) => screen.firstReads?.(queryClient, { language: i18n.language, session }))
    .catch(() => undefined);
}

function componentOf(name: ScreenName): ComponentType {
  const key = screens[name].load.toString();
  let component = components.get(key);
  if (!component) {
    component = lazy(() => loadScreen(name));
    components.set(key, component);
  }
  return component;
}


// The first screen's code and strings start downloading now, while the shared strings (common) load,
// instead of after them: the layout waits for those before it renders the screen. A failure here
// surfaces when the screen renders.
const firstScreen = screenAt(window.location.pathname);
if (firstScreen) loadScreen(firstScreen).catch(() => undefined);

/** Every screen names itself in the browser's tab: '{screen} · Galeno', in the current language. */
function ScreenTitle({ name }: { name: ScreenName }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t(screenTitleKey(name)));
  return null;
}

/**
 * An expired or revoked session sends the user to /login from wherever they are; a role that
 * requires a second factor not set up yet, to its enrolment.
 */
function SessionWatcher() {
  const navigate = useNavigate();
  useEffect(() => {
    const onExpired = () => void navigate('/login');
    const onMfaRequired = () => void navigate(SCREENS.secondFactor.path, { replace: true });
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    window.addEventListener(MFA_REQUIRED_EVENT, onMfaRequired);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
      window.removeEventListener(MFA_REQUIRED_EVENT, onMfaRequired);
    };
  }, [navigate]);
  return null;
}

/** Moves focus to the page's content on navigation, so screen readers announce the new page. */
function FocusOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.getElementById('contenido')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

const SCREEN_COMPONENTS = Object.fromEntries(
  (Object.keys(SCREENS) as ScreenName[]).map((name) => [name, componentOf(name)]),
) as Record<ScreenName, ComponentType>;
const NotFound = SCREEN_COMPONENTS.notFound;

/**
 * The screen at the current address, inside its layout. The layout stays mounted while the user moves
 * between screens that share it; only the screen below it changes.
 */
function CurrentScreen() {
  const { pathname } = useLocation();
  const redirect = SCREEN_REDIRECTS[normalizedPath(pathname)];
  if (redirect) return <Navigate to={redirect} replace />;
  const name = screenAt(pathname);
  // An unknown address keeps a signed-in user inside their area, with their menu.
  if (!name) {
    return (
      <AnyLayout>
        <ScreenTitle name="notFound" />
        <NotFound />
      </AnyLayout>
    );
  }
  const Screen = SCREEN_COMPONENTS[name];
  const screen = (
    <RouteGuard screen={name}>
      <ScreenTitle name={name} />
      <Screen />
    </RouteGuard>
  );
  const layout = screens[name].layout;
  if (layout === 'public') return <PublicLayout>{screen}</PublicLayout>;
  if (layout === 'area') return <AreaLayout>{screen}</AreaLayout>;
  return screen;
}

export function AppRouter() {
  return (
    <AppNavigation>
      <SessionWatcher />
      <FocusOnNavigate />
      <CurrentScreen />
    </AppNavigation>
  );
}
