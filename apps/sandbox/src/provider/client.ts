import { signRequest } from './signing.ts';
import type {
  BalanceRequest,
  BalanceResponse,
  BalancesRequest,
  BalancesResponse,
  BetRecordsRequest,
  BetRecordsResponse,
  CatalogueResponse,
  CreatePlayerRequest,
  CreatePlayerResponse,
  LaunchRequest,
  LaunchResponse,
  ProviderError,
  ProviderErrorCode,
  TransferRequest,
  TransferResponse,
  TransferStatusRequest,
  TransferStatusResponse,
} from './types.ts';
import type { SeamlessRoundsRequest, SeamlessRoundsResponse, VenueModeRequest, VenueModeResponse } from './seamless-types.ts';

export interface ProviderClientOptions {
  /** the provider's base URL, e.g. http://127.0.0.1:3000/sandbox/provider */
  baseUrl: string;
  secret: string;
  /** per call, default 10 s */
  timeoutMs?: number;
}

/**
 * A failed call. `refused` (HTTP 4xx) is definite: nothing was applied. `unknown` (HTTP 5xx,
 * time-out, dropped connection) means the outcome is not known: ask transfer/status.
 */
export class ProviderCallError extends Error {
  constructor(
    readonly kind: 'refused' | 'unknown',
    message: string,
    readonly status?: number,
    readonly code?: ProviderErrorCode,
  ) {
    super(message);
  }
}

/** A typed, signing HTTP client for the provider API (used by the tests; usable by adapters). */
export class ProviderClient {
  private readonly base: URL;

  constructor(private readonly opts: ProviderClientOptions) {
    this.base = new URL(opts.baseUrl.replace(/\/+$/, '') + '/');
  }

  async call<T>(name: string, body: object): Promise<T> {
    const url = new URL(`api/${name}`, this.base);
    const signed = signRequest(this.opts.secret, { method: 'POST', path: url.pathname, body });
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new ProviderCallError('unknown', `provider call ${name} failed: ${(e as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (res.ok && json !== undefined) return json as T;
    const err = json as ProviderError | undefined;
    const kind = res.status >= 400 && res.status < 500 ? 'refused' : 'unknown';
    throw new ProviderCallError(kind, err?.message ?? `HTTP ${res.status}`, res.status, err?.error);
  }

  createPlayer = (b: CreatePlayerRequest) => this.call<CreatePlayerResponse>('player/create', b);
  deposit = (b: TransferRequest) => this.call<TransferResponse>('deposit', b);
  withdraw = (b: TransferRequest) => this.call<TransferResponse>('withdraw', b);
  transferStatus = (b: TransferStatusRequest) => this.call<TransferStatusResponse>('transfer/status', b);
  balance = (b: BalanceRequest) => this.call<BalanceResponse>('balance', b);
  balances = (b: BalancesRequest) => this.call<BalancesResponse>('balances', b);
  launch = (b: LaunchRequest) => this.call<LaunchResponse>('launch', b);
  bets = (b: BetRecordsRequest) => this.call<BetRecordsResponse>('bets', b);
  catalogue = () => this.call<CatalogueResponse>('catalogue', {});
  // issue 38: seamless mode
  venueMode = (b: VenueModeRequest) => this.call<VenueModeResponse>('venue-mode', b);
  seamlessRounds = (b: SeamlessRoundsRequest) => this.call<SeamlessRoundsResponse>('seamless-rounds', b);
}
