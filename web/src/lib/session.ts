import { useSyncExternalStore } from 'react';
import type { LoginResponse, TokenPayload } from '../../../contracts/auth.ts';
import { ROLES, type Role } from '../../../contracts/roles.ts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export interface Session {
  token: string;
  payload: TokenPayload;
  /** The display name kept at log-in (spec: greetings use the stored name). */
  name: string;
}

/** Sent on window when the server refuses the stored token (lib/api.ts); the router goes to /login. */
export const SESSION_EXPIRED_EVENT = 'galeno:session-expired';

/** Sent on window when the server answers 403 mfa_requerido (lib/api.ts); the router goes to enrolment. */
export const MFA_REQUIRED_EVENT = 'galeno:mfa-required';

/** Told of every change of the stored session; `elsewhere` when another tab made it. */
type SessionListener = (elsewhere: boolean) => void;
const listeners = new Set<SessionListener>();
const emit = () => listeners.forEach((listener) => listener(false));

/** Reads a JWT's payload without verifying it: the server verifies; the client only routes. */
export function decodeToken(token: string): TokenPayload | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const payload = JSON.parse(json) as TokenPayload;
    if (!(ROLES as readonly string[]).includes(payload.rol)) return null;
    return payload;
  } catch {
    return null;
  }
}

let cached: { token: string | null; session: Session | null } = { token: null, session: null };

export function getSession(): Session | null {
  const token = readStorage(STORAGE_KEYS.token);
  if (token !== cached.token) {
    const payload = token ? decodeToken(token) : null;
    cached = {
      token,
      session: token && payload ? { token, payload, name: readStorage(STORAGE_KEYS.userName) ?? payload.nombre } : null,
    };
  }
  const session = cached.session;
  if (session && session.payload.exp * 1000 <= Date.now()) return null;
  return session;
}

export function currentRole(): Role | undefined {
  return getSession()?.payload.rol;
}

export function saveSession(response: LoginResponse): void {
  writeStorage(STORAGE_KEYS.token, response.access_token);
  writeStorage(STORAGE_KEYS.userName, response.usuario.nombre);
  writeStorage(STORAGE_KEYS.role, response.usuario.rol);
  emit();
}

/** Keeps the stored display name in step after the user renames themselves (greetings use it). */
export function updateSessionName(name: string): void {
  writeStorage(STORAGE_KEYS.userName, name);
  cached = { token: null, session: null };
  emit();
}

/**
 * Forgets the session and the user's own traces (search history). Language and theme stay: they
 * belong to the device, not to the account.
 */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userName, STORAGE_KEYS.role, STORAGE_KEYS.searchHistory, 'token']) {
    removeStorage(key);
  }
  sessionStorage.clear();
  emit();
}

function subscribe(listener: SessionListener) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener(true);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Calls `listener` when the signed-in account changes: another user, or none. `elsewhere` is true
 * when another tab made the change (a log-in, a log-out), false when this tab did.
 */
export function onAccountChange(listener: SessionListener): () => void {
  let account = getSession()?.payload.id_usuario ?? null;
  return subscribe((elsewhere) => {
    const now = getSession()?.payload.id_usuario ?? null;
    if (now === account) return;
    account = now;
    listener(elsewhere);
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}
