import { assertLoopback } from './proxies.ts';

/**
 * The members' and operators' HTTP client: every call is timed and kept as a sample (its call
 * name, HTTP status, envelope code and message), which the report cuts into windows around the
 * faults. A call never waits longer than CALL_TIMEOUT_MS.
 */
export const CALL_TIMEOUT_MS = 15_000;

export interface Sample {
  /** ms since the soak's load began */
  t: number;
  call: string;
  ms: number;
  /** HTTP status; 0 when no answer came (time-out, reset) */
  http: number;
  /** the envelope's code, when the body was one */
  code?: number;
  message?: string;
  /** the body of an answer that was a 500 (HTTP or envelope), kept for the report */
  body?: string;
  /** answered by the soak's own front (a backend it could not reach), not by a server */
  front?: boolean;
  error?: string;
}

export const samples: Sample[] = [];
let t0 = Date.now();
export const markStart = () => void (t0 = Date.now());
export const elapsed = () => Date.now() - t0;
/** the wall clock (epoch ms) of a moment given in ms since the load began */
export const wallAt = (ms: number) => t0 + ms;

export interface Reply<T = any> {
  http: number;
  code?: number;
  message?: string;
  data?: T;
  text: string;
  ok: boolean;
}

/** a failure no member should see: no answer, a 5xx, or an envelope code of 500 or more */
export const isError = (s: Sample) => s.http === 0 || s.http >= 500 || (s.code !== undefined && s.code >= 500);

export async function call<T = any>(origin: string, name: string, path: string, opts: { body?: unknown; token?: string; method?: string; form?: string; record?: boolean } = {}): Promise<Reply<T>> {
  const url = origin + path;
  assertLoopback(url);
  const started = Date.now();
  const s: Sample = { t: started - t0, call: name, ms: 0, http: 0 };
  let reply: Reply<T> = { http: 0, text: '', ok: false };
  try {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = opts.form;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(url, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual', signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    const text = await res.text();
    s.http = res.status;
    s.front = res.headers.get('x-soak-front') === '1';
    reply = { http: res.status, text, ok: false };
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        const j = JSON.parse(text);
        if (j && typeof j === 'object' && 'code' in j) {
          reply = { ...reply, code: j.code, message: j.message, data: j.data };
          s.code = j.code;
          s.message = typeof j.message === 'string' ? j.message.slice(0, 120) : String(j.message);
        }
      } catch {
        /* not JSON after all */
      }
    }
    reply.ok = res.status === 200 && reply.code === 200;
    if (isError(s)) s.body = text.slice(0, 500);
  } catch (e) {
    s.error = (e as Error).name === 'TimeoutError' ? 'timeout' : ((e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message);
  }
  s.ms = Date.now() - started;
  if (opts.record !== false) samples.push(s);
  return reply;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
