import { AGENT_MSG, fenToYuan, type AdminAgentPlan, type AgentPlanRow } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { toWireTime } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import type { PlanRow } from './commission.ts';
import { parsePlanRows } from './figures.ts';

/**
 * Commission plans. The default plan is the agent page's table (issue 20): rows as minimums,
 * 1 member and 0 yuan at 30 %; 6 and 10,000 at 35 %; 21 and 100,000 at 40 %; 51 and 500,000 at 45 %.
 */
export const DEFAULT_PLAN_NAME = '标准方案';
export const DEFAULT_PLAN_ROWS: PlanRow[] = [
  { min_active: 1, min_net_profit: 0, rate_bp: 3000 },
  { min_active: 6, min_net_profit: 1_000_000, rate_bp: 3500 },
  { min_active: 21, min_net_profit: 10_000_000, rate_bp: 4000 },
  { min_active: 51, min_net_profit: 50_000_000, rate_bp: 4500 },
];

const n = (v: unknown) => Number(v ?? 0);

/** plan rows on the wire: yuan and percent */
export const wireRows = (rows: PlanRow[]): AgentPlanRow[] =>
  rows.map((r) => ({ min_active: r.min_active, min_net_profit: fenToYuan(r.min_net_profit), rate: r.rate_bp / 100 }));

/** the parsed contract rows (min_net_profit fen, rate basis points) as stored */
const storedRows = (rows: { min_active: number; min_net_profit: number; rate: number }[]): PlanRow[] =>
  rows.map((r) => ({ min_active: r.min_active, min_net_profit: r.min_net_profit, rate_bp: r.rate }));

/** First start: the default plan, once. */
export async function seedDefaultPlan(db: Kysely<DB>, now = Date.now()) {
  const any = await db.selectFrom('agent_plans').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('agent_plans')
    .values({ name: DEFAULT_PLAN_NAME, is_default: 1, rows: JSON.stringify(DEFAULT_PLAN_ROWS), created_at: now, updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The default plan (seeding it when missing). */
export async function defaultPlan(db: Kysely<DB>): Promise<{ id: number; name: string; rows: PlanRow[] }> {
  let row = await db.selectFrom('agent_plans').select(['id', 'name', 'rows']).where('is_default', '=', 1).executeTakeFirst();
  if (!row) {
    await seedDefaultPlan(db);
    row = await db.selectFrom('agent_plans').select(['id', 'name', 'rows']).where('is_default', '=', 1).executeTakeFirst();
    if (!row) row = await db.selectFrom('agent_plans').select(['id', 'name', 'rows']).orderBy('id').limit(1).executeTakeFirstOrThrow();
  }
  return { id: n(row.id), name: row.name, rows: parsePlanRows(row.rows) };
}

export async function planById(db: Kysely<DB>, id: number) {
  const row = await db.selectFrom('agent_plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: n(row.id), name: row.name, is_default: n(row.is_default), rows: parsePlanRows(row.rows), updated_at: n(row.updated_at) } : null;
}

export async function listPlans(db: Kysely<DB>): Promise<AdminAgentPlan[]> {
  const [plans, counts] = await Promise.all([
    db.selectFrom('agent_plans').selectAll().orderBy('id').execute(),
    db.selectFrom('agents').select(['plan_id', sql<number>`count(*)`.as('n')]).groupBy('plan_id').execute(),
  ]);
  const by = new Map(counts.map((c) => [n(c.plan_id), n(c.n)]));
  return plans.map((p) => ({
    id: n(p.id),
    name: p.name,
    is_default: n(p.is_default) === 1 ? 1 : 0,
    rows: wireRows(parsePlanRows(p.rows)),
    agents: by.get(n(p.id)) ?? 0,
    updated_at: toWireTime(n(p.updated_at)),
  }));
}

type Op = { adminId: number; ip: string };

export async function createPlan(db: Kysely<DB>, input: { name: string; rows: { min_active: number; min_net_profit: number; rate: number }[] }, op: Op, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('agent_plans')
      .values({ name: input.name, is_default: 0, rows: JSON.stringify(storedRows(input.rows)), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, { adminId: op.adminId, action: 'agent_plan.create', target: `agent_plan:${n(row.id)}`, detail: { name: input.name, rows: wireRows(storedRows(input.rows)) }, ip: op.ip, now });
    return n(row.id);
  });
}

export async function updatePlan(
  db: Kysely<DB>,
  input: { id: number; name: string; rows: { min_active: number; min_net_profit: number; rate: number }[]; is_default?: number },
  op: Op,
  now = Date.now(),
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('agent_plans').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!before) refuse(AGENT_MSG.planNotFound, 404);
    if (n(before.is_default) === 1 && input.is_default === 0) refuse(AGENT_MSG.planDefaultOff);
    if (input.is_default === 1 && n(before.is_default) !== 1) {
      // one default at a time (partial unique index): the old one steps down first
      await trx.updateTable('agent_plans').set({ is_default: 0, updated_at: now }).where('is_default', '=', 1).execute();
    }
    const rows = storedRows(input.rows);
    await trx
      .updateTable('agent_plans')
      .set({ name: input.name, rows: JSON.stringify(rows), ...(input.is_default === 1 ? { is_default: 1 } : {}), updated_at: now })
      .where('id', '=', input.id)
      .execute();
    await audit(trx, {
      adminId: op.adminId,
      action: 'agent_plan.update',
      target: `agent_plan:${input.id}`,
      detail: { before: { name: before.name, rows: wireRows(parsePlanRows(before.rows)), is_default: n(before.is_default) }, after: { name: input.name, rows: wireRows(rows), is_default: input.is_default ?? n(before.is_default) } },
      ip: op.ip,
      now,
    });
    return input.id;
  });
}

/** The agent page's tier table from a plan: [members, net profit, rate] as the page words them. */
export function tierTable(rows: PlanRow[]): [string, string, string][] {
  const sorted = [...rows].sort((a, b) => a.min_active - b.min_active || a.min_net_profit - b.min_net_profit);
  const wan = (fen: number) => {
    const yuan = fen / 100;
    return yuan >= 10_000 && yuan % 10_000 === 0 ? `${yuan / 10_000} 万` : `${yuan.toLocaleString('en-US')} 元`;
  };
  return sorted.map((r, i) => {
    const next = sorted[i + 1];
    const members = next && next.min_active > r.min_active ? `${r.min_active}~${next.min_active - 1} 人` : `${r.min_active} 人以上`;
    const net =
      next && next.min_net_profit > r.min_net_profit
        ? r.min_net_profit === 0
          ? `${wan(next.min_net_profit)}以下`
          : `${wan(r.min_net_profit)} ~ ${wan(next.min_net_profit)}`
        : r.min_net_profit === 0
          ? '不限'
          : `${wan(r.min_net_profit)}以上`;
    return [members, net, `${r.rate_bp / 100}%`];
  });
}
