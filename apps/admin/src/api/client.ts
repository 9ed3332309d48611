import { CODE, type Envelope } from '@casino/contract';
import { clearToken, readToken } from '../session/token';

/**
 * The one HTTP client of the back-office (DESIGN.md section 11): POST JSON to /admin/api/...,
 * `Authorization: Bearer` with the operator token, a 30 s time-out. A reply whose code is not
 * 200 becomes an ApiError carrying the server's Chinese message, so TanStack Query's error
 * states show exactly what the server said. A 401 clears the token and sends the operator to
 * the login screen (their session ended: idle 30 minutes, disabled, or signed out elsewhere).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** no envelope arrived: offline, time-out, proxy page */
    readonly network = false,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;
export const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

let onUnauthorized: (() => void) | undefined;
/** the router registers how to go to the login screen */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

export async function call<T>(path: string, body: object = {}, opts: { signal?: AbortSignal } = {}): Promise<T> {
  return (await callEnvelope<T>(path, body, opts)).data;
}

/** Like `call`, with the server's success message (what an action's result notice says). */
export async function callEnvelope<T>(path: string, body: object = {}, opts: { signal?: AbortSignal } = {}): Promise<Envelope<T>> {
  return send<T>(path, JSON.stringify(body), { 'Content-Type': 'application/json' }, TIMEOUT_MS, opts.signal);
}

/**
 * A multipart upload (a picture) through the same envelope, token and 401 handling; the browser
 * sets the form's content type. Uploads get a longer time-out than calls.
 */
export async function uploadEnvelope<T>(path: string, form: FormData, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Envelope<T>> {
  return send<T>(path, form, {}, opts.timeoutMs ?? 60_000, opts.signal);
}

/**
 * The answer the route preload script (src/build/route-preload.ts) asked for at `path` before the
 * app started, taken once; the first call of any kind marks the app started, so a script that
 * arrives after it does nothing.
 */
function bootCall(path: string): Promise<unknown> | undefined {
  const w = window as { __adminBoot?: Record<string, Promise<unknown> | undefined> };
  const boot = (w.__adminBoot ??= {});
  const early = boot[path];
  delete boot[path];
  return early;
}

async function send<T>(path: string, body: BodyInit, extraHeaders: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let envelope: Envelope<T>;
  try {
    // the route preload script's call, made the same way before this code arrived (issue 37); a
    // failed one (null) or one past the time-out is made again here
    const early = bootCall(path);
    let json: unknown = early ? await Promise.race([early, new Promise((resolve) => controller.signal.addEventListener('abort', () => resolve(null)))]) : null;
    if (json === null) {
      const res = await fetch(path, { method: 'POST', headers, body, signal: controller.signal, credentials: 'same-origin' });
      json = await res.json().catch(() => null);
    }
    if (typeof json !== 'object' || json === null || typeof (json as Envelope).code !== 'number') throw new ApiError(0, NETWORK_MESSAGE, true);
    envelope = json as Envelope<T>;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, NETWORK_MESSAGE, true);
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (envelope.code === CODE.unauthorized && path !== '/admin/api/login') {
    clearToken();
    onUnauthorized?.();
  }
  if (envelope.code !== CODE.ok) throw new ApiError(envelope.code, envelope.message || '操作失败');
  return envelope;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : NETWORK_MESSAGE;
}
