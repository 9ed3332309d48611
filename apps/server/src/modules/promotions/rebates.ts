import { actorName, actorOperatorId, fenToYuan, PROMO_MSG, RISK_MSG, PROMO_PER_PAGE, REBATE_RUN_MSG, dateFilterDays, type AdminRebateRerunReply, type FanshuiReply, type GetFanshuiQuery } from '@casino/contract';
import { refuseIfNoPromo } from '../risk/index.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuse } from '../../http/envelope.ts';
import { paged } from '../../lib/paging.ts';
import { toWireTime } from '../../lib/time.ts';
import { addRequirement } from '../turnover/index.ts';
import { wallet } from '../wallet/index.ts';
import { dayKey } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import { promoNo } from './ids.ts';
import { drivePass, lockRun, newPass, parsePass, passRunning, type RebatePass } from './rebate-pass.ts';

export interface SettleReport {
  day: string;
  /** false when another run (here or in another process) had started the day's pass; this one then carried it to its end */
  settled: boolean;
  members: number;
  rows: number;
  amount: number;
}

/** Test and bench knobs of a settlement: members per chunk, and stopping after n chunks (a pass cut short). */
export interface PassOptions {
  chunkMembers?: number;
  maxChunks?: number;
}

/**
 * Settles the rebates of one Beijing day: settled valid bets (status 1, settled in the day) at
 * the member's VIP rate per category, one row per member and venue, and the day's valid bets
 * added to each member's VIP flow. The run row is inserted first, with a new pass (rebate-pass.ts),
 * so a second run (here or in another process) finds it and starts nothing; the pass then
 * settles the day in chunks of members, each in its own transaction. A caller that finds a pass
 * still running (stopped by a crash, or under way in another process) carries it on to the end
 * before answering, so once this returns the day is settled.
 */
export async function settleRebateDay(deps: PromotionsDeps, day: string, now: number, opts: PassOptions = {}): Promise<SettleReport> {
  // the rates the pass keeps to its end, even if it is resumed after they changed
  const [levels, settings] = await Promise.all([deps.vipLevels(), deps.settings()]);
  const pass = newPass({ levels, fishingAs: settings.rebate_fishing_rate, flowTracked: true, firstRun: true, by: null, before: null, startedAt: now, size: opts.chunkMembers });
  const claimed = await deps.db
    .insertInto('promo_day_runs')
    .values({ task: 'rebate', day, holder: deps.holder, created_at: now, flow_tracked: 1, pass: JSON.stringify(pass) })
    .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!claimed) {
    await drivePass(deps.db, day, null, now, opts.maxChunks);
    return { day, settled: false, members: 0, rows: 0, amount: 0 };
  }
  const done = await drivePass(deps.db, day, pass.id, now, opts.maxChunks);
  const c = done?.counts;
  return { day, settled: true, members: c?.members ?? 0, rows: c?.rows ?? 0, amount: c?.amount ?? 0 };
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
  await refuseIfNoPromo(deps.db, memberId, RISK_MSG.noRebate); // issue 36: 限制优惠
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
  // who ran it, by name (issue 25): an operator's re-run (admin:{id}) or the daily job (host:pid:tag)
  const adminIds = [...new Set(rows.map((r) => actorOperatorId(r.holder)).filter((id): id is number => id !== null))];
  const admins = adminIds.length ? await db.selectFrom('admins').select(['id', 'username']).where('id', 'in', adminIds).execute() : [];
  const operator = (id: number) => admins.find((a) => Number(a.id) === id)?.username;
  return paged(
    rows.map((r) => {
      const pass = parsePass(r.pass);
      const running = passRunning(pass);
      return {
        day: r.day,
        members: Number(r.members),
        rows: Number(r.rows),
        amount: fenToYuan(Number(r.amount)),
        holder: r.holder,
        holder_name: actorOperatorId(r.holder) === null ? '定时任务' : actorName(r.holder, { operator }),
        created_at: toWireTime(Number(r.created_at)),
        reruns: Number(r.reruns),
        rerun_at: r.rerun_at === null ? null : toWireTime(Number(r.rerun_at)),
        status: running ? ('running' as const) : Number(r.reruns) > 0 ? ('rerun' as const) : ('settled' as const),
        progress: running ? { chunks: pass.chunks, first_run: pass.firstRun } : null,
      };
    }),
    Number(count?.n ?? 0),
    page,
    perPage,
  );
}

/**
 * /admin/api/rebates/rerun {day}: settles the day again from its bets and the current rates
 * (late bet records, a corrected rate), changing only the difference (settleChunk), in chunks of
 * members like the first settlement. The run row is taken (inserted if the day was never
 * settled) and locked; a pass still running (the daily job's, another re-run's) is carried on to
 * its end first, so concurrent re-runs, the daily job and member claims queue behind one another:
 * a second re-run finds nothing left to change and no member is paid twice. The audit row
 * commits with the pass's last chunk (by whoever finishes a pass that stopped).
 */
export async function rerunRebateDay(deps: PromotionsDeps, day: string, op: { adminId: number; ip: string }, now: number, opts: PassOptions = {}): Promise<AdminRebateRerunReply> {
  if (day >= dayKey(now)) refuse(REBATE_RUN_MSG.notPast);
  if (day < dayKey(now - 366 * 86_400_000)) refuse(REBATE_RUN_MSG.tooOld);
  const [levels, settings] = await Promise.all([deps.vipLevels(), deps.settings()]);
  let mine: RebatePass | null = null;
  while (!mine) {
    mine = await deps.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('promo_day_runs')
        .values({ task: 'rebate', day, holder: `admin:${op.adminId}`, created_at: now })
        .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
        .returning('day')
        .executeTakeFirst();
      const row = await lockRun(trx, day);
      if (!row) throw new Error(`rebate run row of ${day} missing`);
      const running = parsePass(row.pass);
      if (passRunning(running)) return null;
      const pass = newPass({
        levels,
        fishingAs: settings.rebate_fishing_rate,
        flowTracked: fresh !== undefined || Number(row.flow_tracked) === 1,
        firstRun: fresh !== undefined,
        by: op,
        before: fresh ? null : { members: Number(row.members), rows: Number(row.rows), amount: Number(row.amount) },
        startedAt: now,
        size: opts.chunkMembers,
        prev: running,
      });
      await trx
        .updateTable('promo_day_runs')
        .set((eb) => ({ reruns: eb('reruns', '+', 1), rerun_at: now, pass: JSON.stringify(pass) }))
        .where('task', '=', 'rebate')
        .where('day', '=', day)
        .execute();
      return pass;
    });
    // another pass is under way: carry it to its end, then start ours
    if (!mine) await drivePass(deps.db, day, null, now);
  }
  const done = await drivePass(deps.db, day, mine.id, now, opts.maxChunks);
  if (!done) throw new Error(`rebate re-run of ${day} stopped before its end`);
  const c = done.counts;
  return {
    day,
    first_run: done.firstRun,
    members: c.members,
    rows: c.rows,
    amount: fenToYuan(c.amount),
    added: c.added,
    updated: c.updated,
    removed: c.removed,
    locked: c.locked,
    flow_delta: fenToYuan(c.flowDelta),
  };
}
