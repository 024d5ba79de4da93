import { forwardRef, useEffect, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link as WouterLink, Router } from 'wouter';
import {
  navigate as browserNavigate,
  useHistoryState,
  useLocationProperty,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location';

/*
 * The app's navigation: links, redirects and the current address, on wouter (about 2.5 KB gzip
 * against React Router's 13 KB on every screen's first load). The names and meaning
 * are React Router's, which the screens were written against. The app's addresses are fixed paths
 * (contracts/routes.ts), so app/router.tsx picks the screen itself; nothing here matches patterns.
 */

/** What each history entry of ours holds: its position (for "Volver") and the state a navigation passed. */
interface EntryState {
  idx: number;
  usr: unknown;
}

function currentEntry(): EntryState | null {
  const state = window.history.state as Partial<EntryState> | null;
  return typeof state?.idx === 'number' ? (state as EntryState) : null;
}

// The entry the app was opened on is position 0: "Volver" from there leaves for its fallback.
if (!currentEntry()) window.history.replaceState({ idx: 0, usr: null }, '');

/** How many entries of this app lie behind the current one (0: the page was opened here). */
export function historyIndex(): number {
  return currentEntry()?.idx ?? 0;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to `to` (a path with its query), or `delta` entries through the history when given a number. */
export function navigate(to: string | number, options: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const idx = historyIndex() + (options.replace ? 0 : 1);
  browserNavigate(to, { replace: options.replace ?? false, state: { idx, usr: options.state ?? null } });
}

/** One step back in the app's history, or to `fallback` when the page was opened directly. */
export function goBackOr(fallback: string): void {
  if (historyIndex() > 0) navigate(-1);
  else navigate(fallback);
}

/** A link to the page already shown replaces its entry instead of adding a copy (React Router's rule). */
function followLink(to: string, options: NavigateOptions = {}): void {
  const current = new URL(to, window.location.href).href === window.location.href;
  navigate(to, { ...options, replace: options.replace ?? current });
}

/** wouter's location hook with our navigation, so its links number their entries too. */
const useAppLocation = (): [string, typeof followLink] => [usePathname(), followLink];

export function AppNavigation({ children }: { children: ReactNode }) {
  return <Router hook={useAppLocation}>{children}</Router>;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

const currentHash = () => window.location.hash;

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export function useLocation(): AppLocation {
  const pathname = usePathname();
  const search = useSearch();
  const hash = useLocationProperty(currentHash);
  const state = useHistoryState<Partial<EntryState> | null>()?.usr ?? null;
  return useMemo(
    () => ({ pathname, search: search ? `?${search.replace(/^\?/, '')}` : '', hash, state }),
    [pathname, search, hash, state],
  );
}

type SearchInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query string as URLSearchParams, and a way to replace it (the path stays). */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: SearchInit, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, options);
  };
  return [params, setParams];
}

/** Redirects as it renders (a replace by default is the caller's choice, as with React Router). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  useEffect(() => navigate(to, { replace, state }), [to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

/** `to` as an address: "#section" and "?query" stay on the current page, as with React Router. */
function useHref(to: string): string {
  const pathname = usePathname();
  return to.startsWith('#') || to.startsWith('?') ? `${pathname}${to}` : to;
}

/**
 * An in-app link: a real <a href>, opened in place unless a modifier key asks for a new tab. A link
 * with its own target (a new tab) is left to the browser.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, ...props }, ref) {
  const href = useHref(to);
  if (props.target && props.target !== '_self') return <a {...props} href={href} ref={ref} />;
  return <WouterLink {...props} to={href} replace={replace} state={state} ref={ref} />;
});

/** A link that marks itself as the current page (aria-current="page") while its path is shown. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink(props, ref) {
  const current = usePathname() === props.to.split(/[?#]/)[0];
  return <Link {...props} ref={ref} aria-current={current ? 'page' : undefined} />;
});
