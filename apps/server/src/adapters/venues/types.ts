/**
 * What the server needs from a game provider (DESIGN.md section 2: provider-specific code stays in
 * its adapter). Money is integer fen, times epoch milliseconds, players are our own names for our
 * members at the provider.
 *
 * Every call either answers, or throws VenueError:
 * - kind 'refused': the provider definitely did not act on it (HTTP 4xx and the like);
 * - kind 'unknown': no clear answer (5xx, time-out, dropped connection): for a transfer, the money
 *   may or may not have moved, and only transferStatus can tell.
 */
export type CategoryId = 'realbet' | 'joker' | 'gaming' | 'sport' | 'lottery' | 'concise' | 'fishing';

export interface VenueTransferRequest {
  player: string;
  platform: string;
  /** our transfer id: the provider applies one transfer per id, a repeat answers the first result */
  transferId: string;
  amountFen: number;
}

/** A definite answer to a deposit or withdraw. */
export interface VenueTransferResult {
  status: 'success' | 'failed';
  /** why it failed, e.g. insufficient_balance */
  reason: string | null;
  /** the venue balance right after it, when the provider says */
  balanceFen: number | null;
}

export interface VenueTransferStatus {
  /** not_found: the provider has not applied it (yet); sending it again with the same id is safe */
  status: 'success' | 'failed' | 'not_found';
  amountFen: number | null;
  type: 'deposit' | 'withdraw' | null;
}

export interface VenueInfo {
  platform: string;
  name: string;
  categories: CategoryId[];
  logoImg: string;
}

export interface VenueGame {
  platform: string;
  gameCode: string;
  name: string;
  categoryId: CategoryId;
  isHot: boolean;
  isNew: boolean;
  /** false: listed but under maintenance */
  open: boolean;
  logoImg: string;
  mobileImg: string;
}

export interface VenueCatalogue {
  venues: VenueInfo[];
  games: VenueGame[];
}

/** A bet record as we keep it. */
export interface VenueBet {
  platform: string;
  betId: string;
  player: string;
  gameCode: string;
  gameName: string;
  categoryId: CategoryId;
  betAmountFen: number;
  validAmountFen: number;
  winLossFen: number;
  /** 0 invalid, 1 settled, 2 unsettled */
  status: 0 | 1 | 2;
  createdAt: number;
  settledAt: number | null;
  detail: string;
  /** issue 36: the provider's round (a match's fixture; a round of its own: the bet id) */
  roundId: string;
  /** issue 36: the side of a shared round the bet took (contract BET_SIDE_NAMES code), null when none */
  side: string | null;
}

export interface VenueBetPage {
  bets: VenueBet[];
  /** pass back to continue after these; equals the given cursor when nothing is new */
  nextCursor: string;
  hasMore: boolean;
}

/** issue 38: which wallet a venue plays from (SEAMLESS.md "Mode") */
export type VenueMode = 'transfer' | 'seamless';

/** one wallet call of a seamless round as the provider reports it */
export interface SeamlessCallReport {
  txId: string;
  amountFen: number;
  /** pending: not answered yet; ok: code 0; refused: another definite code; unanswered: the provider gave up */
  state: 'pending' | 'ok' | 'refused' | 'unanswered';
  code: number | null;
}

/** one round of the provider's seamless round report (reconciliation) */
export interface SeamlessRoundReport {
  roundId: string;
  betId: string;
  player: string;
  platform: string;
  gameCode: string;
  gameName: string;
  status: 'open' | 'settled' | 'rolled_back' | 'refused' | 'pending';
  stakeFen: number;
  payoutFen: number | null;
  debit: SeamlessCallReport;
  credit: SeamlessCallReport | null;
  rollback: SeamlessCallReport | null;
  createdAt: number;
  settledAt: number | null;
}

export interface CallOptions {
  /** this call's time-out in ms, instead of the adapter's default */
  timeoutMs?: number;
}

export interface VenueAdapter {
  /** the provider's name in venues.provider, e.g. sandbox */
  readonly provider: string;
  /** creates the player at the provider if it does not exist (idempotent) */
  ensurePlayer(player: string): Promise<void>;
  /** central wallet -> venue */
  deposit(t: VenueTransferRequest): Promise<VenueTransferResult>;
  /** venue -> central wallet */
  withdraw(t: VenueTransferRequest): Promise<VenueTransferResult>;
  transferStatus(transferId: string): Promise<VenueTransferStatus>;
  balance(player: string, platform: string, opts?: CallOptions): Promise<number>;
  /** every venue of this provider for one player; a player the provider does not know holds nothing */
  balances(player: string, opts?: CallOptions): Promise<Map<string, number>>;
  /** the game page's URL as the provider gives it (possibly root-relative) */
  launchUrl(l: { player: string; platform: string; gameCode: string; mobile: boolean }): Promise<string>;
  /** bet records of one venue after `cursor` ('' from the beginning) */
  betsSince(platform: string, cursor: string, limit: number): Promise<VenueBetPage>;
  catalogue(): Promise<VenueCatalogue>;
  /** issue 38: tells the provider a venue's mode (providers whose mode is set elsewhere leave it out) */
  setVenueMode?(platform: string, mode: VenueMode): Promise<void>;
  /** issue 38: the provider's seamless rounds of one venue whose debit was made in [from, to) (epoch ms) */
  seamlessRounds?(platform: string, from: number, to: number): Promise<SeamlessRoundReport[]>;
}

export class VenueError extends Error {
  constructor(
    readonly kind: 'refused' | 'unknown',
    message: string,
    /** the provider's error code, when it gave one */
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'VenueError';
  }
}

export const isVenueError = (e: unknown): e is VenueError => e instanceof VenueError;
