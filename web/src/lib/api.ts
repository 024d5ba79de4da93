import i18n from 'i18next';
import type { ErrorBody } from '../../../contracts/common.ts';
import { reasonOfCode, rememberLoginReason } from './login-reason.ts';
import { apiCallEnded, apiCallStarted } from './page-settled.ts';
import { clearSession, getSession, MFA_REQUIRED_EVENT, SESSION_EXPIRED_EVENT } from './session.ts';

/** A failed API call: the HTTP status and the server's `{ detail, code, errores }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errores: ErrorBody['errores'];
  /** The whole answer, for a refusal that carries more than its sentence (the desk's likely duplicates). */
  readonly body: Partial<ErrorBody> & Record<string, unknown>;
  constructor(status: number, body: Partial<ErrorBody> & Record<string, unknown>) {
    super(body.detail ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.code ?? 'error';
    this.errores = body.errores;
    this.body = body;
  }
}

/** The server's own words when it asks the user to wait (429: too many, and how long), else `fallback`. */
export function waitMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback;
}

export { SESSION_EXPIRED_EVENT } from './session.ts';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Query string parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Calls the API with the stored token and the current language; throws ApiError on failure. */
export async function apiRaw(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': i18n.language || 'es' };
  const session = getSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  apiCallStarted();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } finally {
    apiCallEnded();
  }
  if (!response.ok) {
    const errorBody = (await response.json().catch(() => ({}))) as Partial<ErrorBody> & Record<string, unknown>;
    if (response.status === 401 && session) {
      clearSession();
      // After clearSession, which empties sessionStorage: /login says why the user is there.
      rememberLoginReason(reasonOfCode(errorBody.code));
      window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    }
    // The user's role requires a second factor they have not set up: only enrolment is open.
    if (response.status === 403 && errorBody.code === 'mfa_requerido')
      window.dispatchEvent(new Event(MFA_REQUIRED_EVENT));
    throw new ApiError(response.status, errorBody);
  }
  return response;
}

export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRaw(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A page of a growing list: the items and the X-Total-Count total; `approximate` when the server
 * counted a search only up to a limit and there are more than `total` (X-Total-Count-Approximate).
 */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<{ items: T[]; total: number; approximate: boolean }> {
  const response = await apiRaw('GET', path, options);
  const items = (await response.json()) as T[];
  return {
    items,
    total: Number(response.headers.get('x-total-count') ?? items.length),
    approximate: response.headers.get('x-total-count-approximate') === 'true',
  };
}
