import type { Generated, Selectable } from 'kysely';

/** Seamless venues (issue 38, migration 041). Times are epoch milliseconds; money is integer fen. */

export type SeamlessKind = 'debit' | 'credit' | 'rollback';
export type SeamlessRoundState = 'open' | 'credited' | 'rolled_back';

/** every transaction id a venue sent us, once, with the answer it got */
export interface SeamlessTxsTable {
  id: Generated<number>;
  venue: string;
  tx_id: string;
  kind: SeamlessKind;
  member_id: number;
  player: string;
  round_id: string;
  debit_tx_id: string | null;
  amount: number;
  body_hash: string;
  code: number;
  flagged: Generated<number>;
  created_at: number;
}
export type SeamlessTx = Selectable<SeamlessTxsTable>;

/** one debit's state (per venue and debit txId) */
export interface SeamlessRoundsTable {
  venue: string;
  debit_tx_id: string;
  member_id: number;
  round_id: string;
  game_code: string;
  stake: number | null;
  debit_at: number | null;
  state: SeamlessRoundState;
  settle_tx_id: string | null;
  payout: number | null;
  settled_at: number | null;
  flagged: Generated<number>;
  created_at: number;
}
export type SeamlessRound = Selectable<SeamlessRoundsTable>;
