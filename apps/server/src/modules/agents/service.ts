import {
  AGENT_MSG,
  fenToYuan,
  type AdminAgentDetail,
  type AdminAgentRow,
  type AdminPaged,
  type AgentFiguresYuan,
  type AgentMemberRow,
  type AgentSubagentRow,
  type AgentSummary,
  type Paged,
} from '@casino/contract';
import QRCode from 'qrcode';
import { sql, type Kysely } from 'kysely';
import { beijingDayNumber, dateOfDayNumber } from '../../db/beijing-day.ts';
import type { AgentRecord, DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { Settings } from '../site/index.ts';
import { computeCommission, overrideOf } from './commission.ts';
import { agentSettingsOf, carryIns, dayFigures, noAgentFigures, memberMonthFigures, monthDays, monthFigures, type AgentFigures } from './figures.ts';
import { monthOf } from './settlement-month.ts';
import { openFlagCounts } from './flags.ts';
import { readMark, ROLLUP_AT_MARK } from './rollup.ts';
import { planById, wireRows } from './plans.ts';
import { agentById, agentByMember, makeAgent } from './records.ts';

/** What the agents' calls need from outside (wired in app.ts through index.ts). */
export interface AgentsDeps {
  db: Kysely<DB>;
  settings: () => Promise<Settings>;
  /** the promotions clock (test clock under PROMO_TEST_NOW) */
  now: () => number;
  /** the member site's origin ('' = relative links) */
  origin: () => string;
}

const n = (v: unknown) => Number(v ?? 0);
const PER_PAGE = 20;

export const yuanFigures = (f: AgentFigures): AgentFiguresYuan => ({
  registrations: f.registrations,
  first_deposits: f.first_deposits,
  first_deposit_amount: fenToYuan(f.first_deposit_amount),
  deposits: fenToYuan(f.deposits),
  withdrawals: fenToYuan(f.withdrawals),
  valid_bets: fenToYuan(f.valid_bets),
  ggr: fenToYuan(f.ggr),
  bonuses: fenToYuan(f.bonuses),
  rebates: fenToYuan(f.rebates),
  red_packets: fenToYuan(f.red_packets),
  fees: fenToYuan(f.fees),
  net_profit: fenToYuan(f.net_profit),
  active_members: f.active_members,
});

/** the referral link: the member site's register route with pid (spec sections 1 and 2) */
export const referralLink = (origin: string, code: string) => `${origin}/#/register?pid=${encodeURIComponent(code)}`;
/** the portal in the member site (hash route) */
export const portalUrl = (origin: string) => `${origin}/#/agent`;

/** The member's agent record, or the refusal every member call of a non-agent answers. */
export async function requireAgent(db: Kysely<DB>, memberId: number): Promise<AgentRecord> {
  const agent = await agentByMember(db, memberId);
  if (!agent) refuse(AGENT_MSG.notAgent);
  return agent;
}

/** the carry into `month`: the one the settlement uses (figures.ts carryIns) */
async function carryIn(db: Kysely<DB>, agentId: number, month: string): Promise<number> {
  return (await carryIns(db, month, [agentId])).get(agentId) ?? 0;
}

/** the month's projection: tier, commission and the override of the sub-agents' projections */
async function projection(deps: AgentsDeps, agent: AgentRecord, month: string, f: AgentFigures) {
  const s = agentSettingsOf(await deps.settings());
  const plan = await planById(deps.db, n(agent.plan_id));
  const rows = plan?.rows ?? [];
  const c = computeCommission({ rows, active: f.active_members, net: f.net_profit, carryIn: await carryIn(deps.db, n(agent.id), month), carryover: s.carryover });
  const subs = await deps.db.selectFrom('agents').select(['id', 'plan_id']).where('upline_agent_id', '=', n(agent.id)).where('state', '=', 1).limit(200).execute();
  let override = 0;
  for (const sub of subs) {
    const sf = await monthFigures(deps.db, { agentId: n(sub.id), month, depositFeeBp: s.deposit_fee_bp });
    const sp = await planById(deps.db, n(sub.plan_id));
    const sc = computeCommission({ rows: sp?.rows ?? [], active: sf.active_members, net: sf.net_profit, carryIn: await carryIn(deps.db, n(sub.id), month), carryover: s.carryover });
    override += overrideOf(sc.commission, s.override_bp);
  }
  return {
    plan: plan ?? { id: n(agent.plan_id), name: '', rows: [] },
    tier: c.row ? { index: c.tier, rate: c.rate_bp / 100 } : null,
    commission: n(agent.state) === 1 ? c.commission : 0,
    carry_in: c.carry_in,
    override: n(agent.state) === 1 ? override : 0,
  };
}

async function downlineCounts(db: Kysely<DB>, agentIds: number[]) {
  const members = new Map<number, number>();
  const subs = new Map<number, number>();
  if (!agentIds.length) return { members, subs };
  const [m, s] = await Promise.all([
    db.selectFrom('agent_links').select(['agent_id', sql<number>`count(*)`.as('n')]).where('agent_id', 'in', agentIds).where('to_ms', 'is', null).groupBy('agent_id').execute(),
    db.selectFrom('agents').select(['upline_agent_id', sql<number>`count(*)`.as('n')]).where('upline_agent_id', 'in', agentIds).groupBy('upline_agent_id').execute(),
  ]);
  for (const r of m) members.set(n(r.agent_id), n(r.n));
  for (const r of s) subs.set(n(r.upline_agent_id), n(r.n));
  return { members, subs };
}

/** POST /api/agent/summary */
export async function agentSummary(deps: AgentsDeps, memberId: number): Promise<AgentSummary> {
  const agent = await requireAgent(deps.db, memberId);
  const now = deps.now();
  const month = monthOf(now);
  const s = agentSettingsOf(await deps.settings());
  const today = beijingDayNumber(now);
  const [figures, todayRows, counts, flagged, updated] = await Promise.all([
    monthFigures(deps.db, { agentId: n(agent.id), month, depositFeeBp: s.deposit_fee_bp }),
    dayFigures(deps.db, { agentId: n(agent.id), firstDay: today, endDay: today + 1, depositFeeBp: s.deposit_fee_bp }),
    downlineCounts(deps.db, [n(agent.id)]),
    openFlagCounts(deps.db, [n(agent.id)]),
    readMark(deps.db, ROLLUP_AT_MARK),
  ]);
  const p = await projection(deps, agent, month, figures);
  const link = referralLink(deps.origin(), agent.code);
  // commission credited: the agent's paid statements (state 3), what they paid it
  const paidRow = await deps.db
    .selectFrom('agent_statements')
    .select(sql<number>`coalesce(sum(payable), 0)`.as('paid'))
    .where('agent_id', '=', n(agent.id))
    .where('state', '=', 3)
    .executeTakeFirst();
  const paid = n(paidRow?.paid);
  const { day: _day, ...todayOnly } = todayRows[0] ?? { day: today, ...noAgentFigures() };
  return {
    code: agent.code,
    link,
    qrcode: await QRCode.toDataURL(link, { margin: 1, width: 240 }),
    state: n(agent.state) === 2 ? 2 : 1,
    month,
    today: yuanFigures(todayOnly),
    figures: yuanFigures(figures),
    carryover_in: fenToYuan(p.carry_in),
    projected_tier: p.tier,
    projected_commission: fenToYuan(p.commission),
    projected_override: fenToYuan(p.override),
    plan: { id: p.plan.id, name: p.plan.name, rows: wireRows(p.plan.rows) },
    members: counts.members.get(n(agent.id)) ?? 0,
    subagents: counts.subs.get(n(agent.id)) ?? 0,
    commission_paid: fenToYuan(paid),
    flagged_members: flagged.get(n(agent.id)) ?? 0,
    updated_at: updated === null ? null : toWireTime(updated),
  };
}

/** POST /api/agent/members: the agent's downline now, newest first; no real names, cards or contacts. */
export async function agentMembers(deps: AgentsDeps, memberId: number, q: { page: number; month?: string }): Promise<Paged<AgentMemberRow>> {
  const agent = await requireAgent(deps.db, memberId);
  const month = q.month ?? monthOf(deps.now());
  const base = deps.db.selectFrom('agent_links as l').innerJoin('members as m', 'm.id', 'l.member_id').where('l.agent_id', '=', n(agent.id)).where('l.to_ms', 'is', null);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    base
      .select(['m.id', 'm.username', 'm.created_at', 'm.last_login_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE)
      .execute(),
  ]);
  const ids = rows.map((r) => n(r.id));
  const [figures, flagged] = await Promise.all([
    memberMonthFigures(deps.db, { agentId: n(agent.id), month, memberIds: ids }),
    ids.length
      ? deps.db.selectFrom('agent_flags').select('member_id').distinct().where('agent_id', '=', n(agent.id)).where('member_id', 'in', ids).where('state', '=', 1).execute()
      : Promise.resolve([]),
  ]);
  const flaggedIds = new Set(flagged.map((f) => n(f.member_id)));
  return paged(
    rows.map((r) => {
      const f = figures.get(n(r.id)) ?? { deposits: 0, valid_bets: 0, net: 0, win_loss: 0 };
      return {
        username: r.username,
        registered_at: toWireTime(n(r.created_at)),
        last_login_at: r.last_login_at === null ? null : toWireTime(n(r.last_login_at)),
        deposits: fenToYuan(f.deposits),
        valid_bets: fenToYuan(f.valid_bets),
        net: fenToYuan(f.net),
        win_loss: fenToYuan(f.win_loss),
        active: f.valid_bets >= 50_000 ? 1 : 0,
        flagged: flaggedIds.has(n(r.id)) ? 1 : 0,
      };
    }),
    n(count?.n),
    q.page,
    PER_PAGE,
  );
}

/** POST /api/agent/subagents: the agents whose upline this agent is, with the month's figures. */
export async function agentSubagents(deps: AgentsDeps, memberId: number, q: { page: number; month?: string }): Promise<Paged<AgentSubagentRow>> {
  const agent = await requireAgent(deps.db, memberId);
  const month = q.month ?? monthOf(deps.now());
  const s = agentSettingsOf(await deps.settings());
  const base = deps.db.selectFrom('agents as a').innerJoin('members as m', 'm.id', 'a.member_id').where('a.upline_agent_id', '=', n(agent.id));
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    base.select(['a.id', 'a.code', 'm.username', 'm.created_at']).orderBy('a.id', 'desc').limit(PER_PAGE).offset((q.page - 1) * PER_PAGE).execute(),
  ]);
  const counts = await downlineCounts(deps.db, rows.map((r) => n(r.id)));
  const out: AgentSubagentRow[] = [];
  for (const r of rows) {
    const f = await monthFigures(deps.db, { agentId: n(r.id), month, depositFeeBp: s.deposit_fee_bp });
    out.push({ username: r.username, code: r.code, registered_at: toWireTime(n(r.created_at)), members: counts.members.get(n(r.id)) ?? 0, active_members: f.active_members, net_profit: fenToYuan(f.net_profit) });
  }
  return paged(out, n(count?.n), q.page, PER_PAGE);
}

// ---- operators --------------------------------------------------------------------------------

type AgentJoined = AgentRecord & { username: string; plan_name: string | null; upline_username: string | null };

function agentsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('agents as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('agent_plans as p', 'p.id', 'a.plan_id')
    .leftJoin('agents as ua', 'ua.id', 'a.upline_agent_id')
    .leftJoin('members as um', 'um.id', 'ua.member_id');
}
const agentColumns = ['m.username', 'p.name as plan_name', 'um.username as upline_username'] as const;

async function adminRows(deps: AgentsDeps, rows: AgentJoined[]): Promise<AdminAgentRow[]> {
  const ids = rows.map((r) => n(r.id));
  const [counts, flags] = await Promise.all([downlineCounts(deps.db, ids), openFlagCounts(deps.db, ids)]);
  const origin = deps.origin();
  return rows.map((r) => ({
    id: n(r.id),
    member_id: n(r.member_id),
    username: r.username,
    code: r.code,
    link: referralLink(origin, r.code),
    plan_id: n(r.plan_id),
    plan_name: r.plan_name ?? '',
    upline_agent_id: r.upline_agent_id === null ? null : n(r.upline_agent_id),
    upline_username: r.upline_username,
    state: n(r.state) === 2 ? 2 : 1,
    note: r.note,
    members: counts.members.get(n(r.id)) ?? 0,
    subagents: counts.subs.get(n(r.id)) ?? 0,
    open_flags: flags.get(n(r.id)) ?? 0,
    created_at: toWireTime(n(r.created_at)),
  }));
}

export async function adminAgentRow(deps: AgentsDeps, id: number): Promise<AdminAgentRow> {
  const row = await agentsQuery(deps.db).selectAll('a').select(agentColumns).where('a.id', '=', id).executeTakeFirst();
  if (!row) refuse(AGENT_MSG.agentNotFound, 404);
  return (await adminRows(deps, [row as AgentJoined]))[0];
}

export async function listAgents(deps: AgentsDeps, q: { username?: string; code?: string; state?: number; plan_id?: number; page: number; per_page: number }): Promise<AdminPaged<AdminAgentRow>> {
  let base = agentsQuery(deps.db);
  if (q.username) base = base.where('m.username', '=', q.username.toLowerCase());
  if (q.code) base = base.where('a.code', '=', q.code.toUpperCase());
  if (q.state) base = base.where('a.state', '=', q.state);
  if (q.plan_id) base = base.where('a.plan_id', '=', q.plan_id);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
    base.selectAll('a').select(agentColumns).orderBy('a.id', 'desc').limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
  ]);
  return paged(await adminRows(deps, rows as AgentJoined[]), n(count?.n), q.page, q.per_page);
}

export async function adminAgentDetail(deps: AgentsDeps, q: { id: number; month?: string }): Promise<AdminAgentDetail> {
  const agentRow = await adminAgentRow(deps, q.id);
  const agent = (await agentById(deps.db, q.id))!;
  const month = q.month ?? monthOf(deps.now());
  const s = agentSettingsOf(await deps.settings());
  const { first, end } = monthDays(month);
  const [figures, days, moves] = await Promise.all([
    monthFigures(deps.db, { agentId: q.id, month, depositFeeBp: s.deposit_fee_bp }),
    dayFigures(deps.db, { agentId: q.id, firstDay: first, endDay: end, depositFeeBp: s.deposit_fee_bp }),
    deps.db
      .selectFrom('agent_moves as mv')
      .innerJoin('members as m', 'm.id', 'mv.member_id')
      .leftJoin('agents as fa', 'fa.id', 'mv.from_agent_id')
      .leftJoin('members as fm', 'fm.id', 'fa.member_id')
      .leftJoin('agents as ta', 'ta.id', 'mv.to_agent_id')
      .leftJoin('members as tm', 'tm.id', 'ta.member_id')
      .leftJoin('admins as ad', 'ad.id', 'mv.admin_id')
      .select(['m.username', 'fm.username as from_agent', 'tm.username as to_agent', 'mv.reason', 'ad.username as operator', 'mv.created_at'])
      .where((eb) => eb.or([eb('mv.from_agent_id', '=', q.id), eb('mv.to_agent_id', '=', q.id)]))
      .orderBy('mv.created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  const p = await projection(deps, agent, month, figures);
  return {
    agent: agentRow,
    month,
    figures: yuanFigures(figures),
    days: days.map(({ day, ...f }) => ({ day: dateOfDayNumber(day), ...yuanFigures(f) })),
    projected_tier: p.tier,
    projected_commission: fenToYuan(p.commission),
    moves: moves.map((m) => ({ username: m.username, from_agent: m.from_agent, to_agent: m.to_agent, reason: m.reason, operator: m.operator ?? '', created_at: toWireTime(n(m.created_at)) })),
  };
}

/** an agent named by username or code (the create form's upline) */
async function agentNamed(db: Kysely<DB>, name: string): Promise<AgentRecord | undefined> {
  const byCode = await db.selectFrom('agents').selectAll().where('code', '=', name.trim().toUpperCase()).executeTakeFirst();
  if (byCode) return byCode;
  return db.selectFrom('agents').innerJoin('members', 'members.id', 'agents.member_id').selectAll('agents').where('members.username', '=', name.trim().toLowerCase()).executeTakeFirst();
}

export async function createAgentByOperator(
  deps: AgentsDeps,
  input: { username: string; plan_id?: number; upline?: string; note?: string },
  op: { adminId: number; ip: string },
): Promise<AdminAgentRow> {
  const now = Date.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('members').select(['id', 'username']).where('username', '=', input.username).executeTakeFirst();
    if (!member) refuse(AGENT_MSG.memberNotFound, 404);
    if (await agentByMember(trx, n(member.id))) refuse(AGENT_MSG.alreadyAgent);
    if (input.plan_id && !(await planById(trx, input.plan_id))) refuse(AGENT_MSG.planNotFound);
    let upline: number | null | undefined;
    if (input.upline) {
      const u = await agentNamed(trx, input.upline);
      if (!u) refuse(AGENT_MSG.uplineNotFound);
      if (n(u.member_id) === n(member.id)) refuse(AGENT_MSG.uplineSelf);
      upline = n(u.id);
    }
    const { agent } = await makeAgent(trx, { memberId: n(member.id), source: 'operator', createdBy: `admin:${op.adminId}`, planId: input.plan_id, uplineAgentId: upline, note: input.note, now });
    await audit(trx, {
      adminId: op.adminId,
      action: 'agent.create',
      target: `agent:${n(agent.id)}`,
      detail: { member: member.username, code: agent.code, plan_id: n(agent.plan_id), upline_agent_id: agent.upline_agent_id === null ? null : n(agent.upline_agent_id) },
      ip: op.ip,
      now,
    });
    return n(agent.id);
  });
  return adminAgentRow(deps, id);
}

export async function updateAgent(deps: AgentsDeps, input: { id: number; plan_id?: number; state?: number; note?: string }, op: { adminId: number; ip: string }): Promise<AdminAgentRow> {
  const now = Date.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await agentById(trx, input.id);
    if (!before) refuse(AGENT_MSG.agentNotFound, 404);
    if (input.plan_id && !(await planById(trx, input.plan_id))) refuse(AGENT_MSG.planNotFound);
    const set = {
      ...(input.plan_id ? { plan_id: input.plan_id } : {}),
      ...(input.state ? { state: input.state } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
      updated_at: now,
    };
    await trx.updateTable('agents').set(set).where('id', '=', input.id).execute();
    await audit(trx, {
      adminId: op.adminId,
      action: 'agent.update',
      target: `agent:${input.id}`,
      detail: { before: { plan_id: n(before.plan_id), state: n(before.state), note: before.note }, after: { plan_id: input.plan_id ?? n(before.plan_id), state: input.state ?? n(before.state), note: input.note ?? before.note } },
      ip: op.ip,
      now,
    });
  });
  return adminAgentRow(deps, input.id);
}
