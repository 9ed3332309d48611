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
