import type { Generated, Selectable } from 'kysely';

/** Game venues: the catalogue, venue players, transfers, balances and settled bets. Times are epoch milliseconds; money is integer fen. */

/** A venue (a provider's platform, e.g. pp), synced from its provider's catalogue. */
export interface VenuesTable {
  platform: string;
  /** the adapter that serves it */
  provider: string;
  name: string;
  /** JSON array of category ids */
  categories: string;
  logo_img: Generated<string>;
  sort: Generated<number>;
  /** 1 open, 0 closed by an operator */
  state: Generated<number>;
  /** 1: launch URLs forced to http */
  http_only: Generated<number>;
  /** 1 while its provider lists it */
  listed: Generated<number>;
  synced_at: number;
  // issue 13: games admin (migration 022): the operator's choices, kept across syncs
  /** 0: hidden by an operator (members see it only while they hold a balance there) */
  op_listed: Generated<number>;
  op_name: Generated<string | null>;
  op_sort: Generated<number | null>;
  /** last operator edit of the venue or one of its games (catalogue copies compare it) */
  edited_at: Generated<number>;
  /** issue 38 (migration 041): transfer wallets, or seamless (the venue calls our wallet API) */
  mode: Generated<string>;
}
export type Venue = Selectable<VenuesTable>;

export interface GamesTable {
  id: Generated<number>;
  platform: string;
  game_code: string;
  name: string;
  category_id: string;
  is_hot: Generated<number>;
  is_new: Generated<number>;
  /** 1 shown, 0 under maintenance or no longer listed */
  app_state: Generated<number>;
  api_logo_img: Generated<string>;
  mobile_img: Generated<string>;
  sort: Generated<number>;
  synced_at: number;
  // issue 13: games admin (migration 022): the operator's choices, kept across syncs
  /** 0: hidden by an operator */
  listed: Generated<number>;
  /** the provider's open flag; app_state is 1 only while this is 1 and op_state is not 0 */
  provider_state: Generated<number>;
  /** 0: under maintenance by an operator; null: follows the provider */
  op_state: Generated<number | null>;
  op_hot: Generated<number | null>;
  op_new: Generated<number | null>;
  op_sort: Generated<number | null>;
}
export type Game = Selectable<GamesTable>;

/** A member known as a player at a provider. */
export interface VenuePlayersTable {
  provider: string;
  member_id: number;
  player: string;
  created_at: number;
}

export type TransferDirection = 'to_venue' | 'from_venue';

/** A transfer between a member's central wallet and a venue (DESIGN.md section 4, venue wallets). */
export interface VenueTransfersTable {
  id: Generated<number>;
  /** our id, sent to the venue */
  transfer_id: string;
  member_id: number;
  platform: string;
  direction: TransferDirection;
  /** fen */
  amount: number;
  /** 0 failed, 1 success, 2 pending */
  status: number;
  created_at: number;
  settled_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}
export type VenueTransfer = Selectable<VenueTransfersTable>;

/** The last balance a venue reported for a member, fen. */
export interface VenueBalancesTable {
  member_id: number;
  platform: string;
  balance: number;
  updated_at: number;
}

/** A bet record pulled from a venue; one row per (platform, bet_id). */
export interface BetsTable {
  id: Generated<number>;
  platform: string;
  bet_id: string;
  member_id: number;
  game_code: string;
  game_name: string;
  category_id: string;
  bet_amount: number;
  valid_amount: number;
  win_loss: number;
  /** 0 invalid, 1 settled, 2 unsettled */
  status: number;
  detail: Generated<string>;
  created_at: number;
  settled_at: number | null;
  pulled_at: number;
  turnover_counted: Generated<number>;
  /** issue 13: reports: 1 once the settled bet is added to the report rollups (migration 017) */
  rolled_up: Generated<number>;
  /** issue 36: the provider's round (migration 045); null for bets pulled before it */
  round_id: string | null;
  /** issue 36: the side of a shared round the bet took (BET_SIDE_NAMES code), null where none */
  side: string | null;
}
export type Bet = Selectable<BetsTable>;

export interface BetCursorsTable {
  feed: string;
  cursor: string;
  updated_at: number;
}
