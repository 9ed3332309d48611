import { GatewayError } from '../types.ts';
import type { Fields } from './sign.ts';

/** the largest reply a gateway's order or query call sends is a few kilobytes */
const REPLY_LIMIT = 64 * 1024;

/**
 * A gateway message as flat string fields: a form-encoded body, or a JSON object (many gateways
 * answer JSON; nested objects under `data` are flattened one level, as their documents show
 * them). Null when it is neither.
 */
export function parseFields(text: string): Fields | null {
  const sets = fieldSets(text);
  return sets ? Object.assign({}, ...sets) : null;
}

/**
 * The field sets a signature may cover: the top level, then the `data` object when there is one
 * (gateways differ in which of the two they sign). Null when the text is neither form nor JSON.
 */
export function fieldSets(text: string): Fields[] | null {
  const t = text.trim();
  if (t.startsWith('{')) {
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      return null;
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const scalars = (o: Record<string, unknown>): Fields => {
      const out: Fields = {};
      for (const [k, x] of Object.entries(o)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') out[k] = String(x);
      return out;
    };
    const data = (v as Record<string, unknown>).data;
    return data && typeof data === 'object' && !Array.isArray(data) ? [scalars(v as Record<string, unknown>), scalars(data as Record<string, unknown>)] : [scalars(v as Record<string, unknown>)];
  }
  if (!/^[^=&\s]+=/.test(t)) return null;
  return [Object.fromEntries(new URLSearchParams(t))];
}

/** POSTs form fields and answers the reply's fields; a time-out, a refusal or an unreadable reply throws GatewayError */
export async function postForm(url: string, fields: Fields, timeoutMs: number): Promise<Fields[]> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json, text/plain, */*' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError';
    throw new GatewayError(timedOut ? 'timeout' : 'unknown', `sifang gateway ${new URL(url).host}: ${String(err)}`);
  }
  const text = (await res.text().catch(() => '')).slice(0, REPLY_LIMIT);
  if (!res.ok) throw new GatewayError('refused', `sifang gateway: HTTP ${res.status}`);
  const reply = fieldSets(text);
  if (!reply) throw new GatewayError('unknown', 'sifang gateway: unreadable reply');
  return reply;
}
