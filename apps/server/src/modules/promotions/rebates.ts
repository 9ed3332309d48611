import { fenToYuan, PROMO_MSG, PROMO_PER_PAGE, dateFilterDays, type FanshuiReply, type GetFanshuiQuery } from '@casino/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { addRequirement } from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { dayBounds, dayKey } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import { promoNo } from './ids.ts';
import { levelFor, rebateFen } from './rates.ts';

export interface SettleReport {
  day: string;
  /** false when the day was already settled (by this or another process) */
  settled: boolean;
  members: number;
  rows: number;
  amount: number;
}

const CHUNK = 200;

/**
 * Settles the rebates of one Beijing day: settled valid bets (status 1, settled in the day) at
 * the member's VIP rate per category, one row per member and venue, and the day's valid bets
 * added to each member's VIP flow. The run row is inserted first in the same transaction, so
 * a second run (here or in another process) finds it and does nothing.
 */
export async function settleRebateDay(deps: PromotionsDeps, day: string, now: number): Promise<SettleReport> {
  // read outside the transaction: inside it only the transaction may be queried
  const [levels, settings] = await Promise.all([deps.vipLevels(), deps.settings()]);
  const { start, end } = dayBounds(day);
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('promo_day_runs')
      .values({ task: 'rebate', day, holder: deps.holder, created_at: now })
      .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return { day, settled: false, members: 0, rows: 0, amount: 0 };

    const sums = await trx
      .selectFrom('bets')
      .select(['member_id', 'platform', 'category_id', (eb) => eb.fn.sum<number | string>('valid_amount').as('valid')])
      .where('settled_at', '>=', start)
      .where('settled_at', '<', end)
      .where('status', '=', 1)
      .where('valid_amount', '>', 0)
      .groupBy(['member_id', 'platform', 'category_id'])
      .execute();

    // member -> platform -> categories
    const byMember = new Map<number, Map<string, { category: string; valid: number }[]>>();
    for (const s of sums) {
      const id = Number(s.member_id);
      const venues = byMember.get(id) ?? new Map();
      byMember.set(id, venues);
      const list = venues.get(s.platform) ?? [];
      venues.set(s.platform, list);
      list.push({ category: s.category_id, valid: Number(s.valid) });
    }
    const memberIds = [...byMember.keys()];
    const vipOf = new Map<number, number>();
    for (let i = 0; i < memberIds.length; i += 500) {
      const rows = await trx.selectFrom('members').select(['id', 'vip']).where('id', 'in', memberIds.slice(i, i + 500)).execute();
      for (const r of rows) vipOf.set(Number(r.id), Number(r.vip));
    }

    const rebateRows: { member_id: number; platform: string; day: string; valid_amount: number; amount: number; vip: number; created_at: number }[] = [];
    const flows: { member_id: number; valid: number }[] = [];
    for (const [memberId, venues] of byMember) {
      const vip = vipOf.get(memberId) ?? 0;
      const level = levelFor(levels, vip);
      let memberValid = 0;
      for (const [platform, cats] of venues) {
        const valid = cats.reduce((a, c) => a + c.valid, 0);
        memberValid += valid;
        const amount = rebateFen(cats, level, settings.rebate_fishing_rate);
        if (amount > 0) rebateRows.push({ member_id: memberId, platform, day, valid_amount: valid, amount, vip, created_at: now });
      }
      flows.push({ member_id: memberId, valid: memberValid });
    }

    for (let i = 0; i < rebateRows.length; i += CHUNK) {
      await trx
        .insertInto('rebates')
        .values(rebateRows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['member_id', 'platform', 'day']).doNothing())
        .execute();
    }
    for (let i = 0; i < flows.length; i += CHUNK) {
      await trx
        .insertInto('member_vip')
        .values(flows.slice(i, i + CHUNK).map((f) => ({ member_id: f.member_id, flow_total: f.valid, period_flow: f.valid, period_start: start, updated_at: now })))
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({
            flow_total: sql`member_vip.flow_total + excluded.flow_total`,
            period_flow: sql`member_vip.period_flow + excluded.period_flow`,
            updated_at: now,
          }),
        )
        .execute();
    }
    const amount = rebateRows.reduce((a, r) => a + r.amount, 0);
    await trx
      .updateTable('promo_day_runs')
      .set({ members: byMember.size, rows: rebateRows.length, amount })
      .where('task', '=', 'rebate')
      .where('day', '=', day)
      .execute();
    return { day, settled: true, members: byMember.size, rows: rebateRows.length, amount };
  });
}

/** POST /api/getfanshui: the member's rebate rows in the date filter (by bet day), totals over all. */
export async function rebateList(deps: PromotionsDeps, memberId: number, q: GetFanshuiQuery, now: number): Promise<FanshuiReply> {
  const days = dateFilterDays(q.date);
  const sinceDay = dayKey(now - (days - 1) * 86_400_000);
  let base = deps.db.selectFrom('rebates').where('member_id', '=', memberId).where('day', '>=', sinceDay);
  if (q.api_type) base = base.where('platform', '=', q.api_type);
  if (q.type === 1) base = base.where('state', '=', 0);
  if (q.type === 2) base = base.where('state', '=', 1);
  const [count, rows, totals, names] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy('day', 'desc')
      .orderBy('id', 'desc')
      .limit(PROMO_PER_PAGE)
      .offset((q.page - 1) * PROMO_PER_PAGE)
      .execute(),
    deps.db
      .selectFrom('rebates')
      .select(['state', (eb) => eb.fn.sum<number | string>('amount').as('total')])
      .where('member_id', '=', memberId)
      .groupBy('state')
      .execute(),
    deps.venueNames(),
  ]);
  const total = (state: number) => Number(totals.find((t) => Number(t.state) === state)?.total ?? 0);
  return {
    list: paged(
      rows.map((r) => ({
        id: Number(r.id),
        gamename: names.get(r.platform) ?? r.platform,
        platform: r.platform,
        day: r.day,
        valid_amount: fenToYuan(Number(r.valid_amount)),
        money: fenToYuan(Number(r.amount)),
        state: Number(r.state) as 0 | 1,
        created_at: toWireTime(Number(r.created_at)),
        updated_at: toWireTime(Number(r.claimed_at ?? r.created_at)),
      })),
      Number(count?.n ?? 0),
      q.page,
      PROMO_PER_PAGE,
    ),
    jisuan: fenToYuan(total(1)),
    nojisuan: fenToYuan(total(0)),
  };
}

/**
 * POST /api/dofanshui: every pending row of the member becomes claimed under one claim number
 * (the conditional update is the guard: concurrent claims find nothing left), credited from the
 * rebate house account with its turnover, in one transaction.
 */
export async function claimRebates(deps: PromotionsDeps, memberId: number, now: number): Promise<{ claim_no: string; amount: number }> {
  const settings = await deps.settings();
  const claimNo = promoNo('RB', now);
  return deps.db.transaction().execute(async (trx: Kysely<DB>) => {
    const rows = await trx
      .updateTable('rebates')
      .set({ state: 1, claim_no: claimNo, claimed_at: now })
      .where('member_id', '=', memberId)
      .where('state', '=', 0)
      .returning('amount')
      .execute();
    const amount = rows.reduce((a, r) => a + Number(r.amount), 0);
    if (amount <= 0) refuse(PROMO_MSG.nothingToClaim);
    await wallet.creditFromHouse(trx, { memberId, amount, reference: claimNo, idempotencyKey: `rebate:${claimNo}`, house: 'rebate', memo: '返水领取', now });
    await addRequirement(trx, { memberId, source: 'rebate', reference: claimNo, credited: amount, required: amount * settings.rebate_turnover_multiple, now });
    return { claim_no: claimNo, amount };
  });
}

/** /admin/api/rebates/runs: the settled days, newest first. */
export async function rebateRuns(db: Kysely<DB>, page: number) {
  const perPage = 30;
  const base = db.selectFrom('promo_day_runs').where('task', '=', 'rebate');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base.selectAll().orderBy('day', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  return paged(
    rows.map((r) => ({
      day: r.day,
      members: Number(r.members),
      rows: Number(r.rows),
      amount: fenToYuan(Number(r.amount)),
      holder: r.holder,
      created_at: toWireTime(Number(r.created_at)),
    })),
    Number(count?.n ?? 0),
    page,
    perPage,
  );
}
