import { signRequest, type ProviderError, type SeamlessRound, type SeamlessRoundsResponse, type VenueMode, type VenueModeResponse } from '@casino/sandbox';
import { strictJsonObject } from '../../verified-fields.ts';
import { VenueError } from '../types.ts';

export interface SandboxClientOptions {
  /** the sandbox's base URL, e.g. http://127.0.0.1:3000/sandbox; a function when it is known only once the server listens */
  baseUrl: string | (() => string);
  secret: string;
  /** default time-out per call, ms */
  timeoutMs: number;
}

/**
 * Raw signed HTTP to the sandbox game provider (apps/sandbox, provider/signing.ts): POST JSON to
 * {base}/provider/api/{name}, signed over the exact bytes sent. Every failure becomes a VenueError:
 * HTTP 4xx is 'refused' (the provider did nothing), anything else (5xx, time-out, dropped
 * connection, an answer that is not JSON) is 'unknown'.
 */
export function createSandboxClient(opts: SandboxClientOptions) {
  const base = typeof opts.baseUrl === 'function' ? opts.baseUrl : () => opts.baseUrl as string;

  async function call<T>(name: string, body: object, timeoutMs = opts.timeoutMs): Promise<T> {
    const url = new URL(`${base().replace(/\/+$/, '')}/provider/api/${name}`);
    const signed = signRequest(opts.secret, { method: 'POST', path: url.pathname, body });
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body, signal: AbortSignal.timeout(timeoutMs) });
      // the body is read under the same time-out: a reply cut short is as unknown as no reply
      text = await res.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const why = err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${err.message}${err.cause?.code ? ` (${err.cause.code})` : ''}`;
      throw new VenueError('unknown', `sandbox ${name}: ${why}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.status >= 200 && res.status < 300 && json !== undefined && json !== null) {
      // an answer two readers could read differently (a key twice at any depth, a comment, two documents) is no answer
      if (!strictJsonObject(text)) throw new VenueError('unknown', `sandbox ${name}: the answer is not one plain JSON object`);
      return json as T;
    }
    const err = json as Partial<ProviderError> | undefined;
    const kind = res.status >= 400 && res.status < 500 ? 'refused' : 'unknown';
    throw new VenueError(kind, `sandbox ${name}: HTTP ${res.status} ${err?.error ?? ''} ${err?.message ?? ''}`.trim(), err?.error, res.status);
  }

  /** issue 38: tells the provider which wallet a venue plays from (SEAMLESS.md "Mode") */
  const setVenueMode = (platform: string, mode: VenueMode) => call<VenueModeResponse>('venue-mode', { platform, mode });

  /**
   * issue 38: the provider's round report of one venue, rounds whose debit was made in [from, to)
   * (epoch ms), every page read; for the daily reconciliation of seamless rounds.
   */
  async function seamlessRounds(platform: string, from: number, to: number): Promise<SeamlessRound[]> {
    const rounds: SeamlessRound[] = [];
    let cursor = '';
    // bounded: 1,000 pages of 5,000 is far past any day of the sandbox
    for (let page = 0; page < 1000; page++) {
      const r = await call<SeamlessRoundsResponse>('seamless-rounds', { platform, from, to, cursor, limit: 5000 });
      rounds.push(...r.rounds);
      if (!r.has_more || r.next_cursor === cursor) return rounds;
      cursor = r.next_cursor;
    }
    throw new VenueError('unknown', `sandbox seamless-rounds: more than 1000 pages for ${platform}`);
  }

  return { call, setVenueMode, seamlessRounds };
}
export type SandboxClient = ReturnType<typeof createSandboxClient>;
