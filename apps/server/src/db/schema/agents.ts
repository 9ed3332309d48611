import type { Generated, Selectable } from 'kysely';

/** The affiliate programme: plans, agents, links, moves, figures, flags and monthly statements. Times are epoch milliseconds; money is integer fen. */

// ---- agent settlement (modules/agents statements, migration 028; issue 20) -----------------
/** 1 pending, 2 approved once (awaits a second operator), 3 paid, 4 rejected */
export type AgentStatementState = 1 | 2 | 3 | 4;
/** One agent's Beijing month: its figures (fen), the commission and the operators' decision. */
export interface AgentStatementsTable {
  id: Generated<number>;
  statement_no: string;
  agent_id: number;
  member_id: number;
  upline_agent_id: number | null;
  plan_id: number | null;
  month: string;
  registrations: number;
  first_deposits: number;
  first_deposit_amount: number;
  deposits: number;
  withdrawals: number;
  valid_bets: number;
  ggr: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  fees: number;
  net_profit: number;
  active_members: number;
  carry_in: number;
  base: number;
  carry_out: number;
  tier: number;
  rate_bp: number;
  commission: number;
  adjustment: Generated<number>;
  payable: number;
  adjusted: Generated<number>;
  override_bp: number;
  override: number;
  state: AgentStatementState;
  needs_two: Generated<number>;
  first_approved_by: number | null;
  first_approved_at: number | null;
  decided_by: number | null;
  decided_at: number | null;
  reject_reason: string | null;
  entry_id: number | null;
  override_entry_id: number | null;
  recomputes: Generated<number>;
  created_at: number;
  computed_at: number;
}
export type AgentStatement = Selectable<AgentStatementsTable>;
export interface AgentStatementAdjustmentsTable {
  id: Generated<number>;
  statement_id: number;
  before_total: number;
  /** the total after (fen) */
  amount: number;
  reason: string;
  admin_id: number;
  created_at: number;
}
export interface AgentSettlementRunsTable {
  month: string;
  holder: string;
  created_at: number;
  pass: string | null;
  agents: Generated<number>;
  statements: Generated<number>;
  commission: Generated<number>;
  reruns: Generated<number>;
  rerun_at: number | null;
}

// ---- agents (modules/agents, migration 027; issue 20) ---------------------------------------
export interface AgentPlansTable {
  id: Generated<number>;
  name: string;
  is_default: Generated<number>;
  /** JSON [{min_active, min_net_profit (fen), rate_bp}] */
  rows: string;
  created_at: number;
  updated_at: number;
}
export interface AgentsTable {
  id: Generated<number>;
  member_id: number;
  code: string;
  plan_id: number;
  upline_agent_id: number | null;
  /** 1 active, 2 suspended */
  state: Generated<number>;
  note: Generated<string>;
  source: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}
export type AgentRecord = Selectable<AgentsTable>;
export interface AgentLinksTable {
  id: Generated<number>;
  member_id: number;
  agent_id: number;
  from_ms: number;
  to_ms: number | null;
}
export interface AgentMovesTable {
  id: Generated<number>;
  member_id: number;
  from_agent_id: number | null;
  to_agent_id: number | null;
  reason: string;
  admin_id: number;
  created_at: number;
}
export interface AgentMemberDaysTable {
  agent_id: number;
  day: number;
  member_id: number;
  registered: Generated<number>;
  first_deposit: Generated<number>;
  first_deposit_amount: Generated<number>;
  deposits: Generated<number>;
  deposit_count: Generated<number>;
  withdrawals: Generated<number>;
  bet_count: Generated<number>;
  stake: Generated<number>;
  valid: Generated<number>;
  result: Generated<number>;
  bonuses: Generated<number>;
  rebates: Generated<number>;
  red_packets: Generated<number>;
}
export interface AgentFlagsTable {
  id: Generated<number>;
  member_id: number;
  agent_id: number;
  kind: string;
  match_key: string;
  detail: string;
  other_member_id: number | null;
  state: Generated<number>;
  cleared_by: number | null;
  cleared_at: number | null;
  clear_reason: Generated<string>;
  created_at: number;
}
