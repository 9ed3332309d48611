import { GatewayError } from '../types.ts';
import type { Fields } from './sign.ts';

/** the largest reply a gateway's order or query call sends is a few kilobytes */
const REPLY_LIMIT = 64 * 1024;

/** POSTs form fields and answers the reply's text (read with adapters/verified-fields); a time-out or a refusal throws GatewayError */
export async function postForm(url: string, fields: Fields, timeoutMs: number): Promise<string> {
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
  return text;
}
