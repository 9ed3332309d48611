import type { Generated } from 'kysely';

/** Report rollups and downloads. Times are epoch milliseconds; money is integer fen. */

// ---- issue 13: reports ----
// (bets.rolled_up, added by migration 017, is read and set only by modules/reports)

/** settled bets per Beijing day (epoch day number) x venue x category; fen */
export interface ReportBetDaysTable {
  day: number;
  platform: string;
  category_id: string;
  bet_count: number;
  stake: number;
  valid: number;
  /** members' net result (positive: members won) */
  result: number;
}

/** sums of bets and ledger money, fen and counts: a member's day, or a member's (or all members') window */
interface MoneySums {
  bet_count: Generated<number>;
  stake: Generated<number>;
  valid: Generated<number>;
  result: Generated<number>;
  deposits: Generated<number>;
  deposit_count: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal_count: Generated<number>;
  bonuses: Generated<number>;
  rebates: Generated<number>;
  red_packets: Generated<number>;
  adjust_in: Generated<number>;
  adjust_out: Generated<number>;
}

/** one member's Beijing day: settled bets (rolled up from bets) and ledger money (recomputed per day) */
export interface ReportMemberDaysTable extends MoneySums {
  day: number;
  member_id: number;
  /** members.referrer_pid, copied in (set at sign-up, never changed) */
  referrer: string | null;
}

/** per Beijing day: members with a settled bet, members registered, those with a referrer */
export interface ReportDaysTable {
  day: number;
  active_members: Generated<number>;
  new_members: Generated<number>;
  new_referred: Generated<number>;
}

/** the ledger's figure kinds per Beijing day; to_member 1 when the member received the money */
export interface ReportMoneyDaysTable {
  day: number;
  kind: string;
  to_member: number;
  amount: number;
  n: number;
}

export interface ReportFirstDepositsTable {
  member_id: number;
  day: number;
  /** the member's deposits on that day, fen */
  amount: number;
}

/** a single-use CSV download link (the token's SHA-256 only) */
export interface ReportDownloadsTable {
  token_hash: string;
  admin_id: number;
  /** JSON of the export call's parsed input */
  params: string;
  expires_at: number;
  used_at: number | null;
}

// ---- issue 37 point 4: the reports' fixed windows (migration 044) ----

/** a fixed window's Beijing days (both included) and its totals over all members */
export interface ReportWindowsTable extends MoneySums {
  name: string;
  from_day: number;
  to_day: number;
  /** members with a member-day in the window */
  members: Generated<number>;
  built_at: number;
}

/** one member's sums over a window's days */
export interface ReportWindowMembersTable extends MoneySums {
  win: string;
  member_id: number;
  referrer: string | null;
}

/** one referrer's sums over a window's days, and its members with a member-day there */
export interface ReportWindowReferrersTable extends MoneySums {
  win: string;
  referrer: string;
  members: Generated<number>;
}
