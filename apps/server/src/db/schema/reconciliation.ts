import type { Generated, Selectable } from 'kysely';

/** Venue differences and the daily reconciliation. Times are epoch milliseconds; money is integer fen. */

// ---- venue reconciliation (010_reconciliation, issue 14) ----------------------------------
export type DifferenceState = 'open' | 'resolved';
export interface VenueDifferencesTable {
  id: Generated<number>;
  member_id: number;
  platform: string;
  state: DifferenceState;
  /** fen; expected = sent_in - taken_out + game_result, difference = reported - expected */
  sent_in: number;
  taken_out: number;
  game_result: number;
  expected: number;
  reported: number;
  difference: number;
  found_at: number;
  checked_at: number;
  resolved_at: number | null;
  resolved_by: string | null;
  note: string | null;
}
export type VenueDifference = Selectable<VenueDifferencesTable>;

// ---- issue 13: daily reconciliation (migration 020) ----
/** One Beijing day's reconciliation: its checks (JSON, money in fen) and how many differences. */
export interface ReconciliationDaysTable {
  day: string;
  /** queued | running | done | failed */
  state: string;
  requested_at: number;
  /** 'job' or the operator's username */
  requested_by: string;
  started_at: number | null;
  /** the process running it (under the lease) */
  holder: string | null;
  /** why the last run failed (Chinese) */
  error: string | null;
  /** the last completed result: clean | differences (null until one completed) */
  status: string | null;
  differences: number | null;
  checks: string | null;
  computed_at: number | null;
  computed_by: string | null;
  duration_ms: number | null;
  runs: Generated<number>;
}

/** A difference found by a day's reconciliation, with its references. */
export interface ReconciliationDayItemsTable {
  id: Generated<number>;
  day: string;
  check_name: string;
  kind: string;
  reference: string;
  /** JSON object */
  refs: string;
  expected: number | null;
  actual: number | null;
  note: string;
}
