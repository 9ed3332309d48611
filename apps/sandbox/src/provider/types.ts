/**
 * Wire types of the sandbox game provider's API (POST, JSON, under {prefix}/provider/api/).
 * Money is integer fen; times are ISO 8601 UTC strings.
 *
 * Answers: HTTP 200 with the response body below; HTTP 4xx with ProviderError is a definite
 * refusal (nothing applied, nothing recorded); HTTP 5xx, a time-out or a dropped connection
 * means "unknown": ask transfer/status.
 */

/** the seven game categories of the spec (section 3, game.category_id) */
export type CategoryId = 'realbet' | 'joker' | 'gaming' | 'sport' | 'lottery' | 'concise' | 'fishing';
export const CATEGORY_IDS: readonly CategoryId[] = ['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing'];

export type TransferType = 'deposit' | 'withdraw';

export type ProviderErrorCode =
  | 'unauthorized' // unsigned, badly signed or stale request (HTTP 401)
  | 'bad_request' // malformed body or field (HTTP 400)
  | 'unknown_platform' // platform code not in the catalogue (HTTP 400)
  | 'unknown_game' // game code not in that platform's catalogue (HTTP 400)
  | 'game_maintenance' // the game exists but app_state is 0 (HTTP 400)
  | 'player_not_found' // create the player first (HTTP 404)
  | 'transfer_conflict' // transfer_id reused with a different type, player, platform or amount (HTTP 409)
  | 'venue_seamless' // issue 38: a deposit to a venue in seamless mode (HTTP 400)
  | 'not_found' // no such call (HTTP 404)
  | 'internal_error' // HTTP 500: outcome unknown
  | 'gateway_timeout'; // HTTP 504: outcome unknown

export interface ProviderError {
  error: ProviderErrorCode;
  message: string;
}

// ---- player/create ------------------------------------------------------------------
export interface CreatePlayerRequest {
  username: string;
}
export interface CreatePlayerResponse {
  username: string;
  /** false when the player already existed (the call is idempotent) */
  created: boolean;
}

// ---- deposit / withdraw -------------------------------------------------------------
export interface TransferRequest {
  username: string;
  /** venue code, e.g. "pp" */
  platform: string;
  /** the caller's own id; the same id always answers the same result */
  transfer_id: string;
  /** positive integer fen */
  amount_fen: number;
}
export interface TransferResponse {
  transfer_id: string;
  type: TransferType;
  /** definite outcome; failed means nothing moved */
  status: 'success' | 'failed';
  /** why it failed; null on success */
  reason: 'insufficient_balance' | null;
  amount_fen: number;
  /** the venue balance right after this transfer was processed */
  balance_fen: number;
  created_at: string;
}

// ---- transfer/status ----------------------------------------------------------------
export interface TransferStatusRequest {
  transfer_id: string;
}
export interface TransferStatusResponse {
  transfer_id: string;
  /** not_found: never applied (yet: see the `late` fault mode in the README) */
  status: 'success' | 'failed' | 'not_found';
  amount_fen: number | null;
  type: TransferType | null;
  username: string | null;
  platform: string | null;
  created_at: string | null;
}

// ---- balance / balances -------------------------------------------------------------
export interface BalanceRequest {
  username: string;
  platform: string;
}
export interface BalanceResponse {
  username: string;
  platform: string;
  balance_fen: number;
}
/** every venue wallet of one player, in catalogue order (zeros included) */
export interface BalancesRequest {
  username: string;
}
export interface BalancesResponse {
  username: string;
  balances: { platform: string; balance_fen: number }[];
}

// ---- launch -------------------------------------------------------------------------
export interface LaunchRequest {
  username: string;
  platform: string;
  game_code: string;
  is_mobile?: boolean | 0 | 1;
}
export interface LaunchResponse {
  /** the playable game page; root-relative unless the plugin has publicBaseUrl */
  url: string;
  /** the launch token inside the URL must be opened before this time */
  expires_at: string;
}

// ---- bets ---------------------------------------------------------------------------
export type BetStatus = 0 | 1 | 2; // 0 invalid (void, stake refunded), 1 settled, 2 unsettled

export interface BetRecord {
  /** position in the feed; a record that changes (settles) moves to a new, higher position */
  cursor: string;
  bet_id: string;
  username: string;
  platform: string;
  game_code: string;
  game_name: string;
  category_id: CategoryId;
  bet_amount_fen: number;
  /** turnover the bet counts for; 0 while unsettled and for void bets */
  valid_amount_fen: number;
  /** payout minus stake; 0 while unsettled and for void bets */
  win_loss_fen: number;
  status: BetStatus;
  created_at: string;
  settled_at: string | null;
  /** short Chinese description of the bet and its result */
  detail: string;
  /**
   * the round the bet belongs to: a match's fixture (`fx:<id>`), shared by every bet on it; a
   * game a player plays alone (slots, tables, fishing, K3) is a round of its own (the bet id)
   */
  round_id: string;
  /** the side of a shared round the bet took (a match: home | draw | away); null for a round of its own */
  side: BetSide | null;
}
/** the sides of a match */
export type BetSide = 'home' | 'draw' | 'away';
export interface BetRecordsRequest {
  platform?: string;
  /** "" or "0" (or absent) to start from the beginning; otherwise a previous next_cursor */
  cursor?: string;
  /** 1..1000, default 200 */
  limit?: number;
}
export interface BetRecordsResponse {
  records: BetRecord[];
  /** pass back as `cursor`; equals the given cursor when nothing is new */
  next_cursor: string;
  has_more: boolean;
}

// ---- catalogue ----------------------------------------------------------------------
export interface CatalogueVenue {
  /** platform code, e.g. "ag" */
  platform: string;
  /** Chinese display name, e.g. "AG真人" */
  name: string;
  categories: CategoryId[];
  /** venue logo (SVG) */
  logo_img: string;
}
/** fields named as the spec's game entity (section 3) */
export interface CatalogueGame {
  name: string;
  game_code: string;
  category_id: CategoryId;
  platform_name: string;
  is_hot: 0 | 1;
  is_new: 0 | 1;
  /** 1 shown, 0 under maintenance (launch refused) */
  app_state: 0 | 1;
  /** tile art (SVG); root-relative unless the plugin has publicBaseUrl */
  api_logo_img: string;
  mobile_img: string;
}
export type CatalogueRequest = Record<string, never>;
export interface CatalogueResponse {
  venues: CatalogueVenue[];
  games: CatalogueGame[];
}

// ---- test control (only when the plugin runs with faults: true) ---------------------
export type FaultMode = 'timeout' | 'error' | 'lost_reply' | 'late' | 'slow';
/** which calls a fault applies to: deposits, withdrawals, or balance reads ('slow' only) */
export type FaultTarget = TransferType | 'balance';
export interface FaultRequest {
  /** 'none' disarms everything */
  mode: FaultMode | 'none';
  /** how many of the next deposit/withdraw calls get it (default 1) */
  count?: number;
  /** only deposits, only withdrawals (default both), or 'balance': balance reads ('slow' only) */
  type?: FaultTarget;
}
export interface FaultResponse {
  armed: { mode: FaultMode; remaining: number; type: FaultTarget | null }[];
  /** held calls and late movements not carried out yet: tests wait for 0 instead of sleeping */
  pending: number;
}
