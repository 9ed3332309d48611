import type { Generated } from 'kysely';

/** Issue 36: risk control (migration 038). Times are epoch milliseconds. */

/** An operator's change of a member's risk level, with the reason. */
export interface RiskLevelChangesTable {
  id: Generated<number>;
  member_id: number;
  before: string;
  after: string;
  reason: string;
  admin_id: number;
  created_at: number;
}

/** A promotion a job withheld from a 限制优惠 member (what: rebate; reference: the day). */
export interface RiskPromoSkipsTable {
  id: Generated<number>;
  member_id: number;
  what: string;
  reference: string;
  created_at: number;
}

/** Issue 36 point 3 (migration 040): a rule's thresholds (params: JSON, amounts in fen). */
export interface RiskRulesTable {
  rule: string;
  enabled: number;
  params: string;
  updated_by: number | null;
  updated_at: number | null;
}

/** What a rule found: one row per piece of evidence (evidence_key), decided once. */
export interface RiskEventsTable {
  id: Generated<number>;
  rule: string;
  member_id: number;
  other_member_id: number | null;
  evidence_key: string;
  /** JSON: { items, figures, thresholds } as operators read them (yuan, Beijing times) */
  evidence: string;
  /** fen: the event's figure (the win, the withdrawal, the stake, the claim) */
  amount: number;
  summary: string;
  state: Generated<string>;
  opened_at: number;
  decided_by: number | null;
  reason: string | null;
  decided_at: number | null;
}

/** The side a member took in a shared round or match (match bets), looked up by round. */
export interface RiskBetSidesTable {
  bet_row_id: number;
  round_key: string;
  side: string;
  member_id: number;
  stake: number;
  created_at: number;
}
