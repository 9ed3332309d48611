import { AGENT_MSG, fenToYuan } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { AgentStatement, DB } from '../../db/schema.ts';
import { endedPass } from '../../db/recent-passes.ts';
import { refuse } from '../../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { computeCommission, overrideOf, type PlanRow } from './commission.ts';
import { agentSettings, carryIns, listAgentsChunk, monthFigures, planRows } from './figures.ts';
import { rollupMonth } from './rollup.ts';
import type { SettlementDeps } from './settlement-deps.ts';
import { monthBounds, monthEnded, previousMonth } from './settlement-month.ts';
import {
  lockSettlementRun,
  newSettlementPass,
  noPassCounts,
  parseSettlementPass,
  settlementRunning,
  type PassCounts,
  type SettlementPass,
} from './settlement-pass.ts';

/**
 * The monthly settlement (DESIGN.md section 12, issue 20 point 4): after each Beijing month one
 * statement per agent with every figure of the month, carry in and out, tier, rate, commission
 * and override. Like the rebate runs: the month's run row is the claim (a second run, here or in
 * another process, finds it and only helps the running pass to its end), the pass walks the
 * agents in chunks, each committed with its progress, and writing a statement again changes
 * nothing that was decided: paid and rejected statements are never touched, undecided ones
 * (pending, approved once) are brought to what the figures say now.
 *
 * Decisions:
 * - carry in = the previous month's statement's carry out, whatever its decision (the carry is
 *   a fact of the figures, not of the payment); no statement then, no carry.
 * - a suspended agent's statement is written with its figures but earns no commission or
 *   override (carry still runs).
 * - the upline's override is counted on the UPLINE's statement of the month (phase two of the
 *   pass): override% of each sub-agent's commission, rounded down per sub-agent, sub-agents
 *   whose statement was rejected left out. Approving the upline's statement credits it as its
 *   own ledger posting (statements.ts). Re-running a month does not re-run the months after it.
 * - an operator's adjusted total is kept by later re-runs (the figures beside it are refreshed);
 *   a first approval is undone when a re-run changes the total.
 */

export interface SettleOptions {
  /** agents per chunk (tests and the bench) */
  chunkAgents?: number;
  /** stop after this many chunks (tests: a pass cut short) */
  maxChunks?: number;
}

export interface SettleMonthReport {
  month: string;
  /** false when another run had started the month's pass: this call carried it to its end */
  settled: boolean;
  counts: PassCounts;
}

/** what changes a statement's figures (compared before an update, so an unchanged one is not rewritten) */
const FIGURE_COLUMNS = [
  'registrations',
  'first_deposits',
  'first_deposit_amount',
  'deposits',
  'withdrawals',
  'valid_bets',
  'ggr',
  'bonuses',
  'rebates',
  'red_packets',
  'fees',
  'net_profit',
  'active_members',
  'carry_in',
  'base',
  'carry_out',
  'tier',
  'rate_bp',
  'commission',
  'plan_id',
  'upline_agent_id',
  'member_id',
] as const;
type Computed = Pick<AgentStatement, (typeof FIGURE_COLUMNS)[number]>;

const BATCH = 100;

/** AS + month digits + agent id: unique as (agent, month) is */
export const statementNoOf = (month: string, agentId: number) => `AS${month.replace('-', '')}${String(agentId).padStart(6, '0')}`;

const isUndecided = (state: number) => state === 1 || state === 2;

/** the suspended agents among `ids` (they earn nothing while suspended) */
async function suspendedOf(trx: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  const rows = await trx.selectFrom('agents').select('id').where('id', 'in', ids).where('state', '=', 2).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Phase one over the agents in (after, ...]: their own figures, carry and commission. Only agents
 * that existed before the month ended get a statement: one made later had no part in it, and an
 * empty statement would only crowd the operators' review queue.
 */
async function ownChunk(trx: Kysely<DB>, month: string, pass: SettlementPass, after: number): Promise<{ end: number | null; counts: PassCounts }> {
  const counts = noPassCounts();
  const agents = await listAgentsChunk(trx, { afterId: after, limit: pass.size, createdBefore: monthBounds(month).end });
  if (agents.length === 0) return { end: null, counts };
  const ids = agents.map((a) => a.id);
  const [existingRows, carryOf] = await Promise.all([
    trx.selectFrom('agent_statements').selectAll().where('month', '=', month).where('agent_id', 'in', ids).execute(),
    // the same reading the portal shows (figures.ts carryIns)
    carryIns(trx, month, ids),
  ]);
  const existing = new Map(existingRows.map((r) => [Number(r.agent_id), r]));
  const suspended = await suspendedOf(trx, ids);
  const plans = new Map<number, PlanRow[]>();
  const inserts: (Computed & Record<string, unknown>)[] = [];

  for (const agent of agents) {
    const have = existing.get(agent.id);
    if (have && !isUndecided(Number(have.state))) {
      counts.kept++;
      continue;
    }
    const f = await monthFigures(trx, { agentId: agent.id, month, depositFeeBp: pass.depositFeeBp });
    const planId = agent.plan_id;
    let rows = plans.get(planId);
    if (!rows) {
      rows = await planRows(trx, planId);
      plans.set(planId, rows);
    }
    const c = computeCommission({ rows, active: f.active_members, net: f.net_profit, carryIn: carryOf.get(agent.id) ?? 0, carryover: pass.carryover });
    const earns = !suspended.has(agent.id);
    const computed: Computed = {
      registrations: f.registrations,
      first_deposits: f.first_deposits,
      first_deposit_amount: f.first_deposit_amount,
      deposits: f.deposits,
      withdrawals: f.withdrawals,
      valid_bets: f.valid_bets,
      ggr: f.ggr,
      bonuses: f.bonuses,
      rebates: f.rebates,
      red_packets: f.red_packets,
      fees: f.fees,
      net_profit: f.net_profit,
      active_members: f.active_members,
      carry_in: c.carry_in,
      base: c.base,
      carry_out: c.carry_out,
      tier: c.tier,
      rate_bp: c.rate_bp,
      commission: earns ? c.commission : 0,
      plan_id: planId,
      upline_agent_id: agent.upline_agent_id ?? null,
      member_id: agent.member_id,
    };
    if (!have) {
      inserts.push({
        ...computed,
        statement_no: statementNoOf(month, agent.id),
        agent_id: agent.id,
        month,
        payable: computed.commission,
        override: 0,
        override_bp: pass.overrideBp,
        state: 1,
        created_at: pass.startedAt,
        computed_at: pass.startedAt,
      });
      continue;
    }
    if (FIGURE_COLUMNS.every((k) => Number(have[k] ?? -1) === Number(computed[k] ?? -1))) continue;
    const payable = Number(have.adjusted) === 1 ? Number(have.payable) : computed.commission + Number(have.override);
    const reset = Number(have.state) === 2 && payable !== Number(have.payable);
    const done = await trx
      .updateTable('agent_statements')
      .set((eb) => ({
        ...computed,
        payable,
        adjustment: payable - computed.commission - Number(have.override),
        ...(reset ? { state: 1 as const, first_approved_by: null, first_approved_at: null } : {}),
        recomputes: eb('recomputes', '+', 1),
        computed_at: pass.startedAt,
      }))
      .where('id', '=', have.id)
      .where('state', 'in', [1, 2])
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) > 0) counts.updated++;
    else counts.kept++;
  }
  for (let i = 0; i < inserts.length; i += BATCH) {
    const done = await trx
      .insertInto('agent_statements')
      .values(inserts.slice(i, i + BATCH) as never)
      .onConflict((oc) => oc.columns(['agent_id', 'month']).doNothing())
      .returning('id')
      .execute();
    counts.created += done.length;
  }
  return { end: agents.length < pass.size ? null : ids[ids.length - 1], counts };
}

/** Phase two over the agents in (after, ...]: the override of their sub-agents' commission, and the total payable. */
async function overrideChunk(trx: Kysely<DB>, month: string, pass: SettlementPass, after: number): Promise<{ end: number | null; counts: PassCounts }> {
  const counts = noPassCounts();
  const agents = await listAgentsChunk(trx, { afterId: after, limit: pass.size, createdBefore: monthBounds(month).end });
  if (agents.length === 0) return { end: null, counts };
  const ids = agents.map((a) => a.id);
  const suspended = await suspendedOf(trx, ids);
  const [subs, own] = await Promise.all([
    trx
      .selectFrom('agent_statements')
      .select(['upline_agent_id', 'commission'])
      .where('month', '=', month)
      .where('upline_agent_id', 'in', ids)
      .where('state', '!=', 4)
      .execute(),
    trx.selectFrom('agent_statements').selectAll().where('month', '=', month).where('agent_id', 'in', ids).where('state', 'in', [1, 2]).execute(),
  ]);
  const overrides = new Map<number, number>();
  for (const s of subs) {
    const up = Number(s.upline_agent_id);
    overrides.set(up, (overrides.get(up) ?? 0) + overrideOf(Number(s.commission), pass.overrideBp));
  }
  for (const st of own) {
    const override = suspended.has(Number(st.agent_id)) ? 0 : (overrides.get(Number(st.agent_id)) ?? 0);
    const payable = Number(st.adjusted) === 1 ? Number(st.payable) : Number(st.commission) + override;
    if (override === Number(st.override) && payable === Number(st.payable) && Number(st.override_bp) === pass.overrideBp) continue;
    const reset = Number(st.state) === 2 && payable !== Number(st.payable);
    const done = await trx
      .updateTable('agent_statements')
      .set({
        override,
        override_bp: pass.overrideBp,
        payable,
        adjustment: payable - Number(st.commission) - override,
        ...(reset ? { state: 1 as const, first_approved_by: null, first_approved_at: null } : {}),
        computed_at: pass.startedAt,
      })
      .where('id', '=', st.id)
      .where('state', 'in', [1, 2])
      .executeTakeFirst();
    // a statement phase one wrote in this pass is counted there already
    if (Number(done.numUpdatedRows) > 0 && Number(st.computed_at) !== pass.startedAt) counts.updated++;
  }
  return { end: agents.length < pass.size ? null : ids[ids.length - 1], counts };
}

const addPassCounts = (a: PassCounts, b: PassCounts): PassCounts => ({ created: a.created + b.created, updated: a.updated + b.updated, kept: a.kept + b.kept });

/** The month's statements as they stand: their number and the total payable (the run row's figures). */
async function monthTotals(trx: Kysely<DB>, month: string) {
  const row = await trx
    .selectFrom('agent_statements')
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(payable)`.as('total')])
    .where('month', '=', month)
    .where('state', '!=', 4)
    .executeTakeFirst();
  return { statements: Number(row?.n ?? 0), commission: Number(row?.total ?? 0) };
}

/**
 * Carries the month's running pass on, a chunk per transaction, until it is done (the run row
 * lock makes concurrent drivers take turns; each sees the cursor the last one committed).
 * `passId` follows that pass (null: whichever is running). Answers the pass as it ended, or null.
 */
export async function driveSettlement(db: Kysely<DB>, month: string, passId: string | null, now: number, maxChunks = Infinity): Promise<SettlementPass | null> {
  let target = passId;
  for (let done = 0; ; done++) {
    const step = await db.transaction().execute(async (trx) => {
      const row = await lockSettlementRun(trx, month);
      const pass = parseSettlementPass(row?.pass);
      if (!row || !pass) return { end: true, finished: null };
      if (target !== null && pass.id !== target) {
        // ours ended (another caller carried it) and a later one started meanwhile
        const ended = endedPass(pass, target);
        return { end: true, finished: ended ? ({ ...pass, ...ended, cursor: null } as SettlementPass) : null };
      }
      if (pass.cursor === null) return { end: true, finished: target === null ? null : pass };
      if (done >= maxChunks) return { end: true, finished: null };
      target = pass.id;
      const chunk = pass.phase === 'own' ? await ownChunk(trx, month, pass, pass.cursor) : await overrideChunk(trx, month, pass, pass.cursor);
      let next: SettlementPass = { ...pass, chunks: pass.chunks + 1, counts: addPassCounts(pass.counts, chunk.counts), cursor: chunk.end };
      if (chunk.end === null && pass.phase === 'own') next = { ...next, phase: 'override', cursor: 0 };
      if (next.cursor !== null) {
        await trx.updateTable('agent_settlement_runs').set({ pass: JSON.stringify(next) }).where('month', '=', month).execute();
        return { end: false, finished: null };
      }
      next.finishedAt = now;
      const totals = await monthTotals(trx, month);
      await trx
        .updateTable('agent_settlement_runs')
        .set({ pass: JSON.stringify(next), agents: totals.statements, statements: totals.statements, commission: totals.commission })
        .where('month', '=', month)
        .execute();
      if (next.by) {
        await audit(trx, {
          adminId: next.by.adminId,
          action: 'agent_settlement.run',
          target: `agent_settlement:${month}`,
          detail: { month, first_run: next.firstRun, created: next.counts.created, updated: next.counts.updated, kept: next.counts.kept, statements: totals.statements, total: fenToYuan(totals.commission) },
          ip: next.by.ip,
          now,
        });
      }
      return { end: true, finished: next };
    });
    if (step.end) return step.finished;
  }
}

/**
 * Settles a Beijing month once: the figures' rollup of the month is recomputed, then the run row
 * is inserted with a new pass, so a second run (here or in another process, at the same time or
 * later) finds it, starts nothing and only carries a pass still running to its end. Once this
 * returns the month is settled.
 */
export async function settleAgentMonth(deps: SettlementDeps, month: string, now: number, opts: SettleOptions = {}): Promise<SettleMonthReport> {
  // the job's every tick lands here: a month settled already costs one read
  const seen = await deps.db.selectFrom('agent_settlement_runs').select('pass').where('month', '=', month).executeTakeFirst();
  if (seen) {
    if (settlementRunning(parseSettlementPass(seen.pass))) await driveSettlement(deps.db, month, null, now, opts.maxChunks);
    return { month, settled: false, counts: noPassCounts() };
  }
  // the figures' rollup brought up to date for the whole month first (late records of any day)
  await rollupMonth(deps.db, month, now);
  const s = await agentSettings(deps);
  const pass = newSettlementPass({ carryover: s.carryover, overrideBp: s.override_bp, depositFeeBp: s.deposit_fee_bp, by: null, firstRun: true, startedAt: now, size: opts.chunkAgents });
  const claimed = await deps.db
    .insertInto('agent_settlement_runs')
    .values({ month, holder: deps.holder, created_at: now, pass: JSON.stringify(pass) })
    .onConflict((oc) => oc.column('month').doNothing())
    .returning('month')
    .executeTakeFirst();
  if (!claimed) {
    await driveSettlement(deps.db, month, null, now, opts.maxChunks);
    return { month, settled: false, counts: noPassCounts() };
  }
  const done = await driveSettlement(deps.db, month, pass.id, now, opts.maxChunks);
  return { month, settled: true, counts: done?.counts ?? noPassCounts() };
}

/**
 * /admin/api/agent-settlement/run {month}: settles an ended month again (late bet records, a
 * cleared flag, a corrected plan). Undecided statements are brought to the figures as they are
 * now; paid and rejected ones stay exactly as they are. A pass still running is carried to its
 * end first, so concurrent re-runs and the job queue behind one another.
 */
export async function rerunAgentMonth(deps: SettlementDeps, month: string, op: { adminId: number; ip: string }, now: number, opts: SettleOptions = {}): Promise<PassCounts & { first_run: boolean }> {
  if (!monthEnded(month, now)) refuse(AGENT_MSG.monthNotEnded);
  await rollupMonth(deps.db, month, now);
  const s = await agentSettings(deps);
  let mine: SettlementPass | null = null;
  while (!mine) {
    mine = await deps.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('agent_settlement_runs')
        .values({ month, holder: `admin:${op.adminId}`, created_at: now })
        .onConflict((oc) => oc.column('month').doNothing())
        .returning('month')
        .executeTakeFirst();
      const row = await lockSettlementRun(trx, month);
      if (!row) throw new Error(`agent settlement run row of ${month} missing`);
      const running = parseSettlementPass(row.pass);
      if (settlementRunning(running)) return null;
      const pass = newSettlementPass({ carryover: s.carryover, overrideBp: s.override_bp, depositFeeBp: s.deposit_fee_bp, by: op, firstRun: fresh !== undefined, startedAt: now, size: opts.chunkAgents, prev: running });
      await trx
        .updateTable('agent_settlement_runs')
        .set((eb) => ({ pass: JSON.stringify(pass), ...(fresh ? {} : { reruns: eb('reruns', '+', 1), rerun_at: now }) }))
        .where('month', '=', month)
        .execute();
      return pass;
    });
    // another pass is under way: carry it to its end, then start ours
    if (!mine) await driveSettlement(deps.db, month, null, now);
  }
  const done = await driveSettlement(deps.db, month, mine.id, now, opts.maxChunks);
  if (!done) throw new Error(`agent settlement re-run of ${month} stopped before its end`);
  return { ...done.counts, first_run: done.firstRun };
}

/** hours after a Beijing month ends before it is settled without waiting for its last day's rebates */
const SETTLE_FALLBACK_MS = 6 * 3_600_000;

/**
 * One tick of the monthly job at `now`: settles the previous Beijing month (a no-op once it is)
 * once that month's last day's rebates have been settled (they count in its net profit), or
 * six hours after the month ended if the rebate run has not come by then.
 */
export async function settlementTick(deps: SettlementDeps, now: number): Promise<SettleMonthReport | null> {
  const month = previousMonth(now);
  const { end } = monthBounds(month);
  const lastDay = new Date(end - 1 + 8 * 3_600_000).toISOString().slice(0, 10);
  if (now < end + SETTLE_FALLBACK_MS) {
    const rebates = await deps.db.selectFrom('promo_day_runs').select('pass').where('task', '=', 'rebate').where('day', '=', lastDay).executeTakeFirst();
    if (!rebates) return null;
    const p = rebates.pass ? (JSON.parse(rebates.pass) as { cursor: number | null }) : null;
    if (p && p.cursor !== null) return null;
  }
  return settleAgentMonth(deps, month, now);
}
