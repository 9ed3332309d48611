/**
 * Wire types of the provider's seamless mode (issue 38; the protocol is
 * apps/server/src/adapters/venues/SEAMLESS.md). Merchant calls, signed like every other
 * provider call, under {prefix}/provider/api/. Money is integer fen; times epoch ms in requests
 * and ISO 8601 UTC in answers, like the rest of the provider API.
 */

/** transfer: the venue holds its own balances (deposit/withdraw); seamless: it calls the site's wallet API */
export type VenueMode = 'transfer' | 'seamless';
export const VENUE_MODES: readonly VenueMode[] = ['transfer', 'seamless'];

// ---- venue-mode ---------------------------------------------------------------------
export interface VenueModeRequest {
  platform: string;
  mode: VenueMode;
}
export interface VenueModeResponse {
  platform: string;
  mode: VenueMode;
  /** the mode before this call (equal to mode when nothing changed) */
  previous: VenueMode;
}

// ---- seamless-rounds ----------------------------------------------------------------
export interface SeamlessRoundsRequest {
  platform: string;
  /** epoch ms, inclusive: rounds whose debit was made at or after it */
  from: number;
  /** epoch ms, exclusive */
  to: number;
  /** next_cursor of the previous page; absent or '' from the start */
  cursor?: string;
  /** 1..5000, default 1000 */
  limit?: number;
}

/**
 * One wallet call of a round as the provider sees it:
 * - pending: not answered yet (being sent, waiting for a late send, or between retries);
 * - ok: answered code 0;
 * - refused: answered another definite code (see `code`): the wallet did nothing;
 * - unanswered: every retry timed out or answered 5000; the provider gave up on it (a debit is
 *   then rolled back, a credit or rollback stays here for the reconciliation).
 */
export type SeamlessCallState = 'pending' | 'ok' | 'refused' | 'unanswered';
export interface SeamlessCall {
  tx_id: string;
  amount_fen: number;
  state: SeamlessCallState;
  /** the protocol code of the last answer; null when none came */
  code: number | null;
  /** how many times it was sent (retries and fault duplicates included) */
  attempts: number;
}

/**
 * open: debit accepted, waiting for its result (a match bet); settled: credit accepted (0 for a
 * lost round); rolled_back: cancelled, rollback accepted; refused: the debit was refused
 * (nothing moved); pending: a call is still under way or unanswered.
 */
export type SeamlessRoundStatus = 'open' | 'settled' | 'rolled_back' | 'refused' | 'pending';
export interface SeamlessRound {
  round_id: string;
  /** the bet's id in the provider's records (the game page's bet_id) */
  bet_id: string;
  username: string;
  platform: string;
  game_code: string;
  game_name: string;
  status: SeamlessRoundStatus;
  stake_fen: number;
  /** what the round paid (the credit's amount); null until known */
  payout_fen: number | null;
  debit: SeamlessCall;
  credit: SeamlessCall | null;
  rollback: SeamlessCall | null;
  created_at: string;
  settled_at: string | null;
}
export interface SeamlessRoundsResponse {
  platform: string;
  rounds: SeamlessRound[];
  next_cursor: string;
  has_more: boolean;
}

// ---- test control: {prefix}/provider/test/seamless-faults (only with faults: true) ---
/**
 * duplicate: the call is sent twice at once (same txId and body);
 * late: the call is held lateMs before it is sent (the round answers the player first);
 * out_of_order: the round's credit is sent before its debit (instant games);
 * timeout: the answer is thrown away as if it never came, then the call is retried.
 */
export type SeamlessFaultMode = 'duplicate' | 'late' | 'out_of_order' | 'timeout';
export type SeamlessOp = 'balance' | 'debit' | 'credit' | 'rollback';
export interface SeamlessFaultRequest {
  mode: SeamlessFaultMode | 'none';
  /** how many of the next matching calls (rounds for out_of_order) get it, default 1 */
  count?: number;
  /** only calls of this op (default any; out_of_order ignores it) */
  op?: Exclude<SeamlessOp, 'balance'>;
}
export interface SeamlessFaultResponse {
  armed: { mode: SeamlessFaultMode; remaining: number; op: SeamlessOp | null }[];
  /** wallet calls not settled yet (late, retrying): tests wait for 0 instead of sleeping */
  pending: number;
}
