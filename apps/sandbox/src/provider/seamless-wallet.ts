import type { SeamlessFaults } from './seamless-faults.ts';
import { signWalletCall, walletKey } from './seamless-signing.ts';
import type { SeamlessOp } from './seamless-types.ts';

/** the protocol's codes the provider branches on (SEAMLESS.md "Answers") */
export const WALLET_CODE = { ok: 0, insufficient: 1001, blocked: 1002, badSignature: 2001, unknownPlayer: 2002, badRequest: 2003, unknownDebit: 3001, settled: 3002, retry: 5000 } as const;

/**
 * ok: answered code 0; refused: answered another definite code (the wallet did nothing);
 * unanswered: every attempt timed out, failed or answered 5000 (the outcome is unknown).
 */
export type WalletAnswer =
  | { kind: 'ok' | 'refused'; code: number; balanceFen: number | null; attempts: number }
  | { kind: 'unanswered'; code: number | null; balanceFen: null; attempts: number };

export interface WalletCallerOptions {
  /** the provider's shared secret; each venue's key is derived from it */
  secret: string;
  /** the site's base URL, read at each call (the in-process server knows its port only once it listens) */
  baseUrl: () => string;
  /** per attempt, default 5 s */
  timeoutMs?: number;
  /** attempts per call including the first, default 4 */
  attempts?: number;
  /** wait before the n-th retry: n x backoffMs, default 200 */
  backoffMs?: number;
  faults: SeamlessFaults | null;
}

const BALANCE = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "123.45" -> 12345; null for anything else */
export function balanceFen(v: unknown): number | null {
  const m = typeof v === 'string' ? BALANCE.exec(v) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : null;
}

/** fen -> the protocol's "123.45" (integer arithmetic, no float rounding) */
export const amountYuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

type Attempt = { code: number; balanceFen: number | null } | null;

/**
 * Sends the wallet calls of the seamless mode as a real provider does: signed with the venue's
 * key, one JSON body per txId sent byte for byte the same on every retry (re-signed with a fresh
 * time), retried on a time-out, a failure or code 5000, a bounded number of times.
 */
export class WalletCaller {
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  /** calls under way (retries included) */
  inFlight = 0;

  constructor(private readonly o: WalletCallerOptions) {
    this.timeoutMs = o.timeoutMs ?? 5_000;
    this.attempts = o.attempts ?? 4;
    this.backoffMs = o.backoffMs ?? 200;
  }

  async call(op: SeamlessOp, venue: string, fields: Record<string, string>): Promise<WalletAnswer> {
    this.inFlight++;
    try {
      const body = JSON.stringify(fields);
      const f = this.o.faults;
      let sends = 0;
      for (let n = 1; ; n++) {
        sends++;
        let got: Attempt;
        if (op !== 'balance' && f?.take('duplicate', op)) {
          // the same call twice at once: both reach the wallet, the first answer is read
          sends++;
          const [a, b] = await Promise.all([this.send(op, venue, body), this.send(op, venue, body)]);
          got = a ?? b;
        } else {
          got = await this.send(op, venue, body);
          // the answer came and is thrown away, as if the connection had timed out
          if (op !== 'balance' && f?.take('timeout', op)) got = null;
        }
        if (got && got.code !== WALLET_CODE.retry) {
          return { kind: got.code === WALLET_CODE.ok ? 'ok' : 'refused', code: got.code, balanceFen: got.balanceFen, attempts: sends };
        }
        if (n >= this.attempts) return { kind: 'unanswered', code: got?.code ?? null, balanceFen: null, attempts: sends };
        await new Promise((r) => setTimeout(r, this.backoffMs * n));
      }
    } finally {
      this.inFlight--;
    }
  }

  /** one attempt: the protocol answer, or null when none came (time-out, failure, not the protocol) */
  private async send(op: SeamlessOp, venue: string, body: string): Promise<Attempt> {
    const url = new URL(`${this.o.baseUrl().replace(/\/+$/, '')}/wallet/api/${encodeURIComponent(venue)}/${op}`);
    const signed = signWalletCall(walletKey(this.o.secret, venue), url.pathname, body);
    try {
      const res = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.body, signal: AbortSignal.timeout(this.timeoutMs) });
      const json = (await res.json()) as unknown;
      if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
      const code = (json as Record<string, unknown>).code;
      if (typeof code !== 'number' || !Number.isInteger(code)) return null;
      // a server error page is no answer, whatever it holds
      if (res.status >= 500) return null;
      return { code, balanceFen: balanceFen((json as Record<string, unknown>).balance) };
    } catch {
      return null;
    }
  }
}
