/**
 * Why the app sent the user to /login ("an expired session says so on /login"). Kept in
 * sessionStorage for the one trip to the log-in page, which reads and forgets it.
 */
export type LoginReason = 'caducada' | 'cerrada' | 'cerrada_admin' | 'requerida' | 'salida';

const KEY = 'galeno:motivo-login';
/** `salida`: the user logged out on purpose; /login then says nothing. */
const REASONS: readonly LoginReason[] = ['caducada', 'cerrada', 'cerrada_admin', 'requerida', 'salida'];

/** The reason behind a 401 code of the server. */
export function reasonOfCode(code: string | undefined): LoginReason {
  if (code === 'sesion_caducada' || code === 'token_invalido') return 'caducada';
  if (code === 'sesion_cerrada') return 'cerrada';
  if (code === 'sesion_cerrada_admin') return 'cerrada_admin';
  return 'requerida';
}

export function rememberLoginReason(reason: LoginReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage refused: /login simply says nothing.
  }
}

export function readLoginReason(): LoginReason | null {
  try {
    const value = sessionStorage.getItem(KEY);
    return (REASONS as readonly string[]).includes(value ?? '') ? (value as LoginReason) : null;
  } catch {
    return null;
  }
}

export function forgetLoginReason(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

export function isLoginReason(value: unknown): value is LoginReason {
  return typeof value === 'string' && (REASONS as readonly string[]).includes(value);
}
