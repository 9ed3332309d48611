import type { Generated, Selectable } from 'kysely';

/** Wagering requirements (打码量) and their waivers. Times are epoch milliseconds; money is integer fen. */

/** A wagering requirement (打码量) of one credit; settled valid bets fill the oldest open row first. */
export interface TurnoverRequirementsTable {
  id: Generated<number>;
  member_id: number;
  source: string;
  reference: string;
  credited: number;
  required: number;
  done: Generated<number>;
  /** issue 25: fen waived by operators; what remains is required - done - waived */
  waived: Generated<number>;
  created_at: number;
  completed_at: number | null;
}
export type TurnoverRequirement = Selectable<TurnoverRequirementsTable>;

/** issue 25: an operator's turnover waiver (applied, or pending a second operator, or rejected). */
export interface TurnoverWaiversTable {
  id: Generated<number>;
  waiver_no: string;
  member_id: number;
  requirement_id: number | null;
  amount: number | null;
  amount_at_request: number;
  applied_amount: number | null;
  reason: string;
  state: 'pending' | 'applied' | 'rejected';
  needs_two: Generated<number>;
  requested_by: number;
  requested_at: number;
  request_key: string | null;
  decided_by: number | null;
  decided_at: number | null;
  reject_reason: string | null;
}
export type TurnoverWaiver = Selectable<TurnoverWaiversTable>;

/** issue 33: an operator's manual adjustment (applied at once, or waiting for a second operator, or rejected). */
export interface MemberAdjustmentsTable {
  id: Generated<number>;
  adjustment_no: string;
  request_key: string;
  member_id: number;
  /** fen: positive credits, negative debits */
  amount: number;
  turnover_multiple: Generated<number>;
  reason: string;
  state: 'pending' | 'applied' | 'rejected';
  needs_two: Generated<number>;
  review: 'threshold' | 'daily_cap' | null;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  reject_reason: string | null;
  entry_id: number | null;
}
export type MemberAdjustment = Selectable<MemberAdjustmentsTable>;
