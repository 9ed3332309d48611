import type { Generated, Selectable } from 'kysely';

/** Promotions: daily runs, rebates, red packets, VIP standing, activity applications. Times are epoch milliseconds; money is integer fen. */

// ---- promotions (modules/promotions, migration 014; issue 11) ------------------------------

/** One daily task done for one Beijing day (the row commits with the work). */
export interface PromoDayRunsTable {
  task: string;
  /** YYYY-MM-DD, Beijing */
  day: string;
  members: Generated<number>;
  rows: Generated<number>;
  /** fen */
  amount: Generated<number>;
  holder: string;
  created_at: number;
  // issue 13: promotions admin (migration 021): operator re-runs, flow counted per member
  reruns: Generated<number>;
  rerun_at: number | null;
  flow_tracked: Generated<number>;
  // issue 13: rebate settlement in chunks (migration 023): the running or last pass, JSON
  pass: string | null;
}

/** Rebate accrued for one member, venue and Beijing day; 0 claimable, 1 claimed. */
export interface RebatesTable {
  id: Generated<number>;
  member_id: number;
  platform: string;
  day: string;
  valid_amount: number;
  amount: number;
  vip: number;
  state: Generated<number>;
  claim_no: string | null;
  created_at: number;
  claimed_at: number | null;
}
export type Rebate = Selectable<RebatesTable>;

export interface RedPacketRulesTable {
  id: Generated<number>;
  name: string;
  starts_at: number;
  ends_at: number;
  deposit_min: number;
  deposit_max: number | null;
  grabs: number;
  mode: 'fixed' | 'percent';
  amount_min: Generated<number>;
  amount_max: Generated<number>;
  percent_min: Generated<number>;
  percent_max: Generated<number>;
  turnover_multiple: Generated<number>;
  state: Generated<number>;
  created_at: number;
  updated_at: number;
}
export type RedPacketRule = Selectable<RedPacketRulesTable>;

export interface RedPacketGrabsTable {
  id: Generated<number>;
  grab_no: string;
  member_id: number;
  day: string;
  seq: number;
  rule_id: number;
  deposits: number;
  amount: number;
  turnover_multiple: number;
  created_at: number;
}

export interface MemberVipTable {
  member_id: number;
  flow_total: Generated<number>;
  period_flow: Generated<number>;
  period_start: number;
  last_change_day: string | null;
  updated_at: number;
}

export interface VipHistoryTable {
  id: Generated<number>;
  member_id: number;
  day: string;
  from_level: number;
  to_level: number;
  reason: string;
  created_at: number;
}

export interface ActivityApplicationsTable {
  id: Generated<number>;
  apply_no: string;
  member_id: number;
  activity_id: number;
  activity_name: string;
  state: Generated<number>;
  bonus: Generated<number>;
  turnover_multiple: Generated<number>;
  reason: Generated<string>;
  reviewed_by: string | null;
  created_at: number;
  reviewed_at: number | null;
  /** migration 050: the first of two approvals (a bonus above the adjustment threshold or past the daily cap) */
  first_approved_by: number | null;
  first_approved_at: number | null;
}
export type ActivityApplication = Selectable<ActivityApplicationsTable>;

// ---- issue 13: promotions admin ----
/** The valid bets of one member counted toward VIP flow by a day's rebate settlement (migration 021). */
export interface RebateDayMembersTable {
  day: string;
  member_id: number;
  /** fen of valid bets counted */
  valid: number;
  /** the level whose rates the day's rebates were computed with */
  vip: number;
}
