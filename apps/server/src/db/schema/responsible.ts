import type { Generated } from 'kysely';

/** Responsible play: changes to a member's limits. Times are epoch milliseconds; money is integer fen. */

/** issue 22: one change to a member's limits, reality check or breaks (migration 029) */
export interface ResponsibleChangesTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  period: string | null;
  amount: number | null;
  minutes: number | null;
  duration: string | null;
  requested_at: number;
  effective_at: number;
  ends_at: number | null;
  actor: string;
  admin_id: number | null;
  reason: string | null;
}
