/**
 * The page to return to after log-in, from `?next=`: only a path of this site (open-redirect guard).
 * Anything else (another origin, `//host`, `/\host`, a scheme, control characters) gives undefined.
 */
export function safeNext(next: string | null | undefined, origin: string = window.location.origin): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  if (url.pathname === '/login') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The log-in address that brings the user back to `path` afterwards. */
export function loginWithNext(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}
