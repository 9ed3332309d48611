import { AGENT_ACTIVE_VALID_BETS_FEN } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import { beijingDayNumber, beijingDayStartMs, DAY_MS } from '../../db/beijing-day.ts';
import type { DB } from '../../db/schema.ts';
import type { Settings } from '../site/index.ts';
import type { PlanRow } from './commission.ts';

/**
 * An agent's figures (DESIGN.md section 12), read from the maintained rollup agent_member_days
 * (rollup.ts): one row per Beijing day x agent x downline member, so moves (a member's activity
 * counts for the agent it belonged to at the time) and flags (a member with an open flag never
 * raises the figures: see addFlagged) are both exact at read time. Never a scan of bets or ledger.
 * All money integer fen.
 */
export interface AgentFigures {
  registrations: number;
  first_deposits: number;
  first_deposit_amount: number;
  deposits: number;
  withdrawals: number;
  valid_bets: number;
  /** stakes - payouts of the downline's settled bets */
  ggr: number;
  bonuses: number;
  rebates: number;
  red_packets: number;
  /** deposits x the deposit-fee setting, rounded down to the fen */
  fees: number;
  /** ggr - bonuses - rebates - red_packets - fees */
  net_profit: number;
  /** members with valid bets of at least 500 yuan in the month (for this agent) */
  active_members: number;
}

export const noAgentFigures = (): AgentFigures => ({
  registrations: 0,
  first_deposits: 0,
  first_deposit_amount: 0,
  deposits: 0,
  withdrawals: 0,
  valid_bets: 0,
  ggr: 0,
  bonuses: 0,
  rebates: 0,
  red_packets: 0,
  fees: 0,
  net_profit: 0,
  active_members: 0,
});

/** Beijing days [first, end) of a month 'YYYY-MM' as day numbers */
export function monthDays(month: string): { first: number; end: number } {
  const [y, m] = month.split('-').map(Number);
  const first = Math.floor(Date.UTC(y, m - 1, 1) / DAY_MS);
  const end = Math.floor(Date.UTC(y, m, 1) / DAY_MS);
  return { first, end };
}

/** The programme's settings in fen and basis points. */
export interface AgentSettings {
  deposit_fee_bp: number;
  carryover: boolean;
  override_bp: number;
  commission_turnover_multiple: number;
  review_threshold_fen: number;
}

export function agentSettingsOf(s: Settings): AgentSettings {
  return {
    deposit_fee_bp: Math.round(Number(s.agent_deposit_fee_percent ?? 1) * 100),
    carryover: Number(s.agent_carryover ?? 1) === 1,
    override_bp: Math.round(Number(s.agent_override_percent ?? 10) * 100),
    commission_turnover_multiple: Number(s.agent_commission_turnover_multiple ?? 1),
    review_threshold_fen: Math.round(Number(s.agent_review_threshold ?? 0) * 100),
  };
}

/** agentSettings(deps): the settings read through the site module */
export async function agentSettings(deps: { settings: () => Promise<Settings> }): Promise<AgentSettings> {
  return agentSettingsOf(await deps.settings());
}

const n = (v: unknown) => Number(v ?? 0);

/** fees of `deposits` fen at `bp` basis points, rounded down (the agent is never charged a fraction more) */
export const feeOf = (deposits: number, bp: number) => (deposits > 0 && bp > 0 ? Math.floor((deposits * bp) / 10_000) : 0);

/** the summed columns of agent_member_days: every figure but those derived from them */
type SumRow = Omit<AgentFigures, 'fees' | 'net_profit' | 'active_members'>;

/** whether the member of a rollup row has an open flag with the row's agent (SQL) */
const openFlag = ({ exists, selectFrom }: { exists: any; selectFrom: any }) =>
  exists(selectFrom('agent_flags as f').select('f.id').whereRef('f.member_id', '=', 'd.member_id').whereRef('f.agent_id', '=', 'd.agent_id').where('f.state', '=', 1));

/** the rows of agent_member_days of an agent and days [first, end): unflagged members only, or (flagged) only those with an open flag */
function rowsOf(db: Kysely<DB>, agentId: number, first: number, end: number, flagged = false) {
  return db
    .selectFrom('agent_member_days as d')
    .where('d.agent_id', '=', agentId)
    .where('d.day', '>=', first)
    .where('d.day', '<', end)
    .where((eb) => (flagged ? openFlag(eb as never) : eb.not(openFlag(eb as never))));
}

/** the money columns a flagged member adds when it counts (never the counts that raise a tier) */
const MONEY_KEYS = ['deposits', 'withdrawals', 'valid_bets', 'ggr', 'bonuses', 'rebates', 'red_packets'] as const;

/**
 * A flagged member never raises its agent's figures (DESIGN.md section 12, issue 33 point 5):
 * its contribution to net profit over the range (GGR - bonuses - rebates - red packets - its
 * deposits' fee) counts when it is negative (what it won from the house still counts against the
 * agent) and is held back whole when it is not (what it lost). Counting it then adds its money
 * columns (its deposits raise the fee, which only lowers the net further); its registration,
 * first deposit and activity never count, so it cannot lift a tier either.
 */
function addFlagged(sums: Partial<SumRow>, flagged: Partial<SumRow>[], feeBp: number): Partial<SumRow> {
  const out: Partial<SumRow> = { ...sums };
  for (const m of flagged) {
    const own = n(m.ggr) - n(m.bonuses) - n(m.rebates) - n(m.red_packets) - feeOf(n(m.deposits), feeBp);
    if (own >= 0) continue;
    for (const k of MONEY_KEYS) out[k] = n(out[k]) + n(m[k]);
  }
  return out;
}

function finish(s: Partial<SumRow>, active: number, feeBp: number): AgentFigures {
  const f = noAgentFigures();
  for (const k of ['registrations', 'first_deposits', 'first_deposit_amount', 'deposits', 'withdrawals', 'valid_bets', 'ggr', 'bonuses', 'rebates', 'red_packets'] as const) f[k] = n(s[k]);
  f.fees = feeOf(f.deposits, feeBp);
  f.net_profit = f.ggr - f.bonuses - f.rebates - f.red_packets - f.fees;
  f.active_members = active;
  return f;
}

function sumColumns() {
  return [
    sql<number>`coalesce(sum(d.registered), 0)`.as('registrations'),
    sql<number>`coalesce(sum(d.first_deposit), 0)`.as('first_deposits'),
    sql<number>`coalesce(sum(d.first_deposit_amount), 0)`.as('first_deposit_amount'),
    sql<number>`coalesce(sum(d.deposits), 0)`.as('deposits'),
    sql<number>`coalesce(sum(d.withdrawals), 0)`.as('withdrawals'),
    sql<number>`coalesce(sum(d.valid), 0)`.as('valid_bets'),
    sql<number>`coalesce(sum(-d.result), 0)`.as('ggr'),
    sql<number>`coalesce(sum(d.bonuses), 0)`.as('bonuses'),
    sql<number>`coalesce(sum(d.rebates), 0)`.as('rebates'),
    sql<number>`coalesce(sum(d.red_packets), 0)`.as('red_packets'),
  ] as const;
}

/** The fee setting when the caller does not pass it: read straight from the settings row (default 1 %). */
async function feeBpOf(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'agent_deposit_fee_percent').executeTakeFirst();
  const v = row ? Number(JSON.parse(row.value)) : 1;
  return Number.isFinite(v) ? Math.round(v * 100) : 100;
}

/**
 * An agent's figures for a Beijing month ('YYYY-MM'): flagged members as addFlagged says, each member's
 * activity counted for the agent it belonged to when it happened. Reads the maintained rollup.
 */
export async function monthFigures(db: Kysely<DB>, q: { agentId: number; month: string; depositFeeBp?: number }): Promise<AgentFigures> {
  const { first, end } = monthDays(q.month);
  return rangeFigures(db, { agentId: q.agentId, firstDay: first, endDay: end, depositFeeBp: q.depositFeeBp });
}

/** Figures over Beijing days [firstDay, endDay); active members counted over the whole range. */
export async function rangeFigures(db: Kysely<DB>, q: { agentId: number; firstDay: number; endDay: number; depositFeeBp?: number }): Promise<AgentFigures> {
  const feeBp = q.depositFeeBp ?? (await feeBpOf(db));
  const [sums, flagged, active] = await Promise.all([
    rowsOf(db, q.agentId, q.firstDay, q.endDay).select(sumColumns()).executeTakeFirst(),
    // the flagged members, each over the whole range (a flag's rule applies to its month, not day by day)
    rowsOf(db, q.agentId, q.firstDay, q.endDay, true).select(['d.member_id', ...sumColumns()]).groupBy('d.member_id').execute(),
    db
      .selectFrom(
        rowsOf(db, q.agentId, q.firstDay, q.endDay)
          .select('d.member_id')
          .groupBy('d.member_id')
          .having(sql<number>`sum(d.valid)`, '>=', AGENT_ACTIVE_VALID_BETS_FEN)
          .as('a'),
      )
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return finish(addFlagged(sums ?? {}, flagged, feeBp), n(active?.n), feeBp);
}

/** The agent's figures per Beijing day of [firstDay, endDay) (days without activity left out); active_members per day. */
export async function dayFigures(db: Kysely<DB>, q: { agentId: number; firstDay: number; endDay: number; depositFeeBp?: number }): Promise<({ day: number } & AgentFigures)[]> {
  const feeBp = q.depositFeeBp ?? (await feeBpOf(db));
  const [rows, flagged] = await Promise.all([
    rowsOf(db, q.agentId, q.firstDay, q.endDay)
      .select(['d.day', ...sumColumns(), sql<number>`sum(case when d.valid >= ${AGENT_ACTIVE_VALID_BETS_FEN} then 1 else 0 end)`.as('active')])
      .groupBy('d.day')
      .orderBy('d.day')
      .execute(),
    // flagged members per day: a day's figures follow the same rule as a month's, day by day
    rowsOf(db, q.agentId, q.firstDay, q.endDay, true).select(['d.day', 'd.member_id', ...sumColumns()]).groupBy(['d.day', 'd.member_id']).execute(),
  ]);
  const byDay = new Map<number, { sums: Partial<SumRow>; active: number; flagged: Partial<SumRow>[]; own: boolean }>();
  for (const r of rows) byDay.set(n(r.day), { sums: r, active: n(r.active), flagged: [], own: true });
  for (const f of flagged) {
    const day = n(f.day);
    if (!byDay.has(day)) byDay.set(day, { sums: {}, active: 0, flagged: [], own: false });
    byDay.get(day)!.flagged.push(f);
  }
  const out: ({ day: number } & AgentFigures)[] = [];
  for (const [day, d] of [...byDay.entries()].sort((a, b) => a[0] - b[0])) {
    const sums = addFlagged(d.sums, d.flagged, feeBp);
    // a day only a flagged member's held-back activity made is no day of the agent's
    if (!d.own && MONEY_KEYS.every((k) => !n(sums[k]))) continue;
    out.push({ day, ...finish(sums, d.active, feeBp) });
  }
  return out;
}

/** Per downline member of the agent over a month: the month's deposits, valid bets, net (before fees; the agent's side) and the member's own bet result (its side). */
export async function memberMonthFigures(db: Kysely<DB>, q: { agentId: number; month: string; memberIds: number[] }) {
  const out = new Map<number, { deposits: number; valid_bets: number; net: number; win_loss: number }>();
  if (!q.memberIds.length) return out;
  const { first, end } = monthDays(q.month);
  const rows = await db
    .selectFrom('agent_member_days as d')
    .select(['d.member_id', sql<number>`sum(d.deposits)`.as('deposits'), sql<number>`sum(d.valid)`.as('valid'), sql<number>`sum(-d.result - d.bonuses - d.rebates - d.red_packets)`.as('net'), sql<number>`sum(d.result)`.as('win_loss')])
    .where('d.agent_id', '=', q.agentId)
    .where('d.day', '>=', first)
    .where('d.day', '<', end)
    .where('d.member_id', 'in', q.memberIds)
    .groupBy('d.member_id')
    .execute();
  for (const r of rows) out.set(n(r.member_id), { deposits: n(r.deposits), valid_bets: n(r.valid), net: n(r.net), win_loss: n(r.win_loss) });
  return out;
}

/**
 * The carry into `month` of each agent of `agentIds`: the previous month's statement's carry out,
 * whatever its decision (a rejected statement's carry too: the carry is a fact of the figures,
 * not of the payment); no statement, no carry. The one reading of it: the settlement writes it and
 * the portal shows it (issue 33).
 */
export async function carryIns(db: Kysely<DB>, month: string, agentIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!agentIds.length) return out;
  const [y, m] = month.split('-').map(Number);
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const rows = await db.selectFrom('agent_statements').select(['agent_id', 'carry_out']).where('month', '=', prev).where('agent_id', 'in', agentIds).execute();
  for (const r of rows) out.set(n(r.agent_id), Math.min(0, n(r.carry_out)));
  return out;
}

/** Agents in id order after `afterId` (the monthly job's chunks). */
export async function listAgentsChunk(
  db: Kysely<DB>,
  q: { afterId: number; limit: number; /** only agents that existed before this instant (a month's end) */ createdBefore?: number },
): Promise<{ id: number; member_id: number; upline_agent_id: number | null; plan_id: number }[]> {
  let query = db.selectFrom('agents').select(['id', 'member_id', 'upline_agent_id', 'plan_id']).where('id', '>', q.afterId);
  if (q.createdBefore !== undefined) query = query.where('created_at', '<', q.createdBefore);
  const rows = await query.orderBy('id').limit(q.limit).execute();
  return rows.map((r) => ({ id: n(r.id), member_id: n(r.member_id), upline_agent_id: r.upline_agent_id === null ? null : n(r.upline_agent_id), plan_id: n(r.plan_id) }));
}

/** A plan's rows in fen and basis points (empty when the plan does not exist). */
export async function planRows(db: Kysely<DB>, planId: number): Promise<PlanRow[]> {
  const row = await db.selectFrom('agent_plans').select('rows').where('id', '=', planId).executeTakeFirst();
  return row ? parsePlanRows(row.rows) : [];
}

export function parsePlanRows(json: string): PlanRow[] {
  const rows = JSON.parse(json) as PlanRow[];
  return rows.map((r) => ({ min_active: n(r.min_active), min_net_profit: n(r.min_net_profit), rate_bp: n(r.rate_bp) }));
}
