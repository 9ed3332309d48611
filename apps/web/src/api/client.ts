import { CODE, DEVICE_ID, TIMERS, type Envelope } from '@casino/contract';
import { clearLocalStorage, clearSessionStorage, deviceId, local, STORAGE_KEYS } from '../lib/storage';
import { navigateTo } from '../lib/navigation';
import { useSession } from '../session/store';

/**
 * The one HTTP client of the site (DESIGN.md section 10, spec sections 4 and 7).
 *
 * - Calls go to the page's own origin, JSON in and out, `Authorization: Bearer {token}`
 *   with the token read from local storage at call time, 30 s time-out.
 * - Every reply is HTTP 200 with an envelope; the envelope is returned as is, whatever
 *   its code, and the caller toasts `message` when `code` is not 200 (see `failureText`).
 * - Code 401: on /api/balance everything is cleared and the member goes to /login; on any
 *   other call one 认证失败 dialog at a time, whose confirm clears local storage and goes
 *   to /login.
 * - A network failure, a time-out or a reply that is not an envelope resolves to
 *   `{ code: 0, network: true }`: callers stop their loading state silently.
 */
export interface ApiResult<T> extends Envelope<T> {
  /** set when no envelope arrived (offline, time-out, proxy error page) */
  network?: true;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** do not run the 401 flows (the logoff call of a logout already under way) */
  ignoreAuthErrors?: boolean;
}

export const BALANCE_PATH = '/api/balance';

function networkFailure<T>(): ApiResult<T> {
  return { code: 0, message: '', data: null as T, network: true };
}

function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';
}

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const url = new URL(path, window.location.origin);
  if (query) {
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    }
  }
  return url.toString();
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, unknown> | FormData | undefined,
  opts: RequestOptions = {},
): Promise<ApiResult<T>> {
  const form = payload instanceof FormData ? payload : null;
  const token = local.get(STORAGE_KEYS.token);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // issue 20: registrations and sign-ins keep it (agents' fraud check)
  headers[DEVICE_ID.header] = deviceId();
  // a form sets its own multipart content type (with its boundary)
  if (method === 'POST' && !form) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), TIMERS.requestTimeoutMs);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  let envelope: ApiResult<T>;
  try {
    const res = await fetch(method === 'GET' && !form ? buildUrl(path, payload as Record<string, unknown> | undefined) : buildUrl(path), {
      method,
      headers,
      body: method === 'POST' ? (form ?? JSON.stringify(payload ?? {})) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const body: unknown = await res.json().catch(() => null);
    if (!isEnvelope(body)) return networkFailure<T>();
    envelope = body as ApiResult<T>;
  } catch {
    return networkFailure<T>();
  } finally {
    window.clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  if (envelope.code === CODE.unauthorized && !opts.ignoreAuthErrors) handleUnauthorized(path, token);
  return envelope;
}

export function apiPost<T = unknown>(path: string, body?: Record<string, unknown>, opts?: RequestOptions) {
  return request<T>('POST', path, body, opts);
}

/** POST a multipart form (file uploads): same token, time-out, envelope and 401 flows. */
export function apiUpload<T = unknown>(path: string, form: FormData, opts?: RequestOptions) {
  return request<T>('POST', path, form, opts);
}

export function apiGet<T = unknown>(path: string, query?: Record<string, unknown>, opts?: RequestOptions) {
  return request<T>('GET', path, query, opts);
}

/** The message to toast for a failed call, or null when nothing should be shown. */
export function failureText(res: ApiResult<unknown>): string | null {
  if (res.network || res.code === CODE.ok || res.code === CODE.unauthorized) return null;
  return res.message || null;
}

// ---- 401 ------------------------------------------------------------------

let authDialogOpen = false;

/**
 * What stops when a call finds the member's session over (the balance poll registers itself):
 * the client knows nothing of what runs on a session, so nothing here imports it back.
 */
const sessionEndListeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

function sessionEnded(): void {
  for (const listener of sessionEndListeners) listener();
}

/**
 * issue 34 point 2: /login with the page the member was on as its redirect (as a guarded route
 * does), so that signing in again leads back there: a member back from the cashier to
 * /recharge?orderNo=... with an expired session returns to that order, not to home.
 */
function loginPathHere(): string {
  const here = window.location.hash.replace(/^#/, '');
  if (!here.startsWith('/') || here.startsWith('//') || /^\/(login|register)(?:[?/]|$)/.test(here) || here === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(here)}`;
}

function handleUnauthorized(path: string, sentToken: string | null): void {
  // A call made without a token, or with a token that is no longer ours (logged out or
  // logged in again meanwhile), says nothing about the current session.
  if (!sentToken || sentToken !== local.get(STORAGE_KEYS.token)) return;

  if (path === BALANCE_PATH) {
    sessionEnded();
    clearLocalStorage();
    clearSessionStorage();
    void navigateTo(loginPathHere(), { replace: true }).then(() => useSession.getState().reset());
    return;
  }

  if (authDialogOpen) return;
  authDialogOpen = true;
  sessionEnded();
  void import('../ui/authExpiredDialog')
    .then((m) => m.showAuthExpiredDialog())
    .then(async () => {
      clearLocalStorage();
      await navigateTo(loginPathHere(), { replace: true });
      useSession.getState().reset();
    })
    .finally(() => {
      authDialogOpen = false;
    });
}
