import { fenToYuan, type VipProgress } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';
import { dayBounds } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import type { VipLevel } from './rates.ts';
import { MEMBERS_PER_CHUNK } from './rebate-chunks.ts';
import { parsePass, passRunning } from './rebate-pass.ts';
import { settleRebateDay } from './rebates.ts';
import { STARTING_VIP } from '../accounts/index.ts';

const DAY_MS = 86_400_000;

export interface VipReport {
  day: string;
  reviewed: boolean;
  promoted: number;
  demoted: number;
  retained: number;
}

/** Spec section 9: value / threshold as a percent, rounded, capped at 100; 0 if either is 0. */
export function progressPercent(value: number, threshold: number): number {
  if (!value || !threshold) return 0;
  return Math.min(100, Math.round((value / threshold) * 100));
}

/** fen of valid bets a level asks within each retention period */
export function retentionRequired(level: VipLevel | undefined, percent: number): number {
  return level ? Math.floor((Number(level.flow_fen) * percent) / 100) : 0;
}

/**
 * Level changes of a group of members who all move `from` -> `to`, recorded first: the (member,
 * day) history row is unique, so a member moves at most one level per reviewed day; the level
 * moves only from `from` (a member whose level changed meanwhile keeps it, and loses the history
 * row). A few statements for the whole group, not per member. Answers how many moved.
 */
async function changeLevels(trx: Kysely<DB>, memberIds: number[], day: string, from: number, to: number, reason: 'promotion' | 'demotion', now: number): Promise<number> {
  if (!memberIds.length) return 0;
  const logged = await trx
    .insertInto('vip_history')
    .values(memberIds.map((id) => ({ member_id: id, day, from_level: from, to_level: to, reason, created_at: now })))
    .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
    .returning('member_id')
    .execute();
  if (!logged.length) return 0;
  const loggedIds = logged.map((r) => Number(r.member_id));
  // members.vip is the level accounts shows in userInfo (vip, current_vip); only this review moves it
  const moved = await trx.updateTable('members').set({ vip: to }).where('id', 'in', loggedIds).where('vip', '=', from).returning('id').execute();
  const movedIds = moved.map((r) => Number(r.id));
  const movedSet = new Set(movedIds);
  const stale = loggedIds.filter((id) => !movedSet.has(id));
  if (stale.length) await trx.deleteFrom('vip_history').where('day', '=', day).where('member_id', 'in', stale).execute();
  if (!movedIds.length) return 0;
  // a new level starts a new retention period
  await trx
    .insertInto('member_vip')
    .values(movedIds.map((id) => ({ member_id: id, flow_total: 0, period_flow: 0, period_start: now, last_change_day: day, updated_at: now })))
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ period_flow: 0, period_start: now, last_change_day: day, updated_at: now }))
    .execute();
  return movedIds.length;
}

/** members per transaction of the review (the rebate settlement's chunk size) */
export const VIP_CHUNK = MEMBERS_PER_CHUNK;

/**
 * A VIP review in progress, kept as JSON in its run row (promo_day_runs.pass, task 'vip') and
 * committed with each chunk: the figures it reviews with, which step it is at (retention, then
 * promotion to each level from the highest down) and the last member id done in that step.
 */
interface VipPass {
  at: number;
  periodMs: number;
  percent: number;
  /** levels as fixed when the review started, highest first */
  levels: { level: number; recharge: number; flow: number; retention: number }[];
  /** 'retention', or the index into `levels` of the promotion step */
  step: 'retention' | number;
  cursor: number;
  done: boolean;
  promoted: number;
  demoted: number;
  retained: number;
}

export interface VipOptions {
  chunkMembers?: number;
  /** stop after this many chunks (tests: a review cut short) */
  maxChunks?: number;
}

/**
 * The VIP review of one Beijing day, run at the following midnight (after that day's rebate
 * settlement, which adds its valid bets to the members' flow). First retention: a member above
 * the starting level (VIP1) whose retention period (vip_retention_days from reaching the level)
 * is over has kept the level if the period's valid bets reach vip_retention_percent of the
 * level's flow, and starts a new period; otherwise drops one level (never below VIP1). Then promotion: one level, to the next only, when the
 * cumulative deposit (paysum) and flow reach that level's thresholds; a level the member was
 * demoted from also asks its retention turnover again since the demotion.
 *
 * Members are reviewed in chunks of VIP_CHUNK, each chunk in its own transaction with the run
 * row's progress, so a million members never sit in one transaction. Every change is also safe
 * to repeat: the (member, day) history row is unique, so a member moves at most one level per
 * reviewed day, and a kept level moves its period start past the review. A review that stopped
 * is carried on by the next tick. Exactly one caller reports `reviewed: true`: the one that
 * finishes the review.
 */
export async function reviewVipDay(deps: PromotionsDeps, day: string, now: number, opts: VipOptions = {}): Promise<VipReport> {
  await settleRebateDay(deps, day, now);
  const size = opts.chunkMembers ?? VIP_CHUNK;
  const none = { day, reviewed: false, promoted: 0, demoted: 0, retained: 0 };
  const existing = await deps.db.selectFrom('promo_day_runs').select('pass').where('task', '=', 'vip').where('day', '=', day).executeTakeFirst();
  if (!existing) {
    const [levels, settings] = await Promise.all([deps.vipLevels(), deps.settings()]);
    const first: VipPass = {
      // "now" for the review is the end of the reviewed day (the job may run later than midnight)
      at: Math.min(now, dayBounds(day).end),
      periodMs: settings.vip_retention_days * DAY_MS,
      percent: settings.vip_retention_percent,
      levels: [...levels]
        .sort((a, b) => Number(b.level) - Number(a.level))
        .map((l) => ({ level: Number(l.level), recharge: Number(l.recharge_fen), flow: Number(l.flow_fen), retention: retentionRequired(l, settings.vip_retention_percent) })),
      step: 'retention',
      cursor: 0,
      done: false,
      promoted: 0,
      demoted: 0,
      retained: 0,
    };
    await deps.db
      .insertInto('promo_day_runs')
      .values({ task: 'vip', day, holder: deps.holder, created_at: now, pass: JSON.stringify(first) })
      .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
      .execute();
  }
  for (let chunks = 0; chunks < (opts.maxChunks ?? Infinity); chunks++) {
    const step = await deps.db.transaction().execute(async (trx) => {
      // the row lock makes concurrent callers take turns, each seeing the progress committed last
      const row = await trx
        .updateTable('promo_day_runs')
        .set((eb) => ({ pass: eb.ref('pass') }))
        .where('task', '=', 'vip')
        .where('day', '=', day)
        .returning('pass')
        .executeTakeFirst();
      // a day reviewed before reviews were chunked has no pass: it is done
      const pass = row?.pass ? (JSON.parse(row.pass) as VipPass) : null;
      if (!pass || pass.done) return { finished: false, pass };
      await reviewChunk(trx, day, pass, size);
      await trx
        .updateTable('promo_day_runs')
        .set({ pass: JSON.stringify(pass), ...(pass.done ? { members: pass.promoted + pass.demoted + pass.retained, rows: pass.promoted, amount: 0 } : {}) })
        .where('task', '=', 'vip')
        .where('day', '=', day)
        .execute();
      return { finished: pass.done, pass };
    });
    if (step.finished) return { day, reviewed: true, promoted: step.pass!.promoted, demoted: step.pass!.demoted, retained: step.pass!.retained };
    if (!step.pass || step.pass.done) return none;
  }
  return none;
}

/** One chunk of the review's current step; moves `pass` on (the caller commits it with the chunk). */
async function reviewChunk(trx: Kysely<DB>, day: string, pass: VipPass, size: number): Promise<void> {
  if (pass.step === 'retention') {
    // retention periods that ended by the end of the reviewed day
    const due = await trx
      .selectFrom('member_vip')
      .innerJoin('members', 'members.id', 'member_vip.member_id')
      .select(['members.id', 'members.vip', 'member_vip.period_flow'])
      .where('member_vip.period_start', '<=', pass.at - pass.periodMs)
      // members start at VIP1 (issue 19): the starting level has nothing to keep, no one drops below it
      .where('members.vip', '>', STARTING_VIP)
      .where('member_vip.member_id', '>', pass.cursor)
      .orderBy('member_vip.member_id')
      .limit(size)
      .execute();
    const kept: number[] = [];
    const lost = new Map<number, number[]>();
    for (const m of due) {
      const vip = Number(m.vip);
      const required = pass.levels.find((l) => l.level === vip)?.retention ?? 0;
      if (Number(m.period_flow) >= required) kept.push(Number(m.id));
      else lost.set(vip, [...(lost.get(vip) ?? []), Number(m.id)]);
    }
    if (kept.length) {
      await trx.updateTable('member_vip').set({ period_flow: 0, period_start: pass.at, updated_at: pass.at }).where('member_id', 'in', kept).execute();
      pass.retained += kept.length;
    }
    for (const [vip, ids] of lost) pass.demoted += await changeLevels(trx, ids, day, vip, vip - 1, 'demotion', pass.at);
    if (due.length < size) Object.assign(pass, { step: 0, cursor: 0 });
    else pass.cursor = Number(due[due.length - 1].id);
    return;
  }
  const target = pass.levels[pass.step];
  if (!target) {
    pass.done = true;
    return;
  }
  // promotion to `target`, highest level first; a member demoted or promoted today already has
  // the day's history row, so changeLevel leaves them where they are
  const candidates = await trx
    .selectFrom('members')
    .leftJoin('member_vip', 'member_vip.member_id', 'members.id')
    .select(['members.id', 'member_vip.period_flow'])
    .where('members.vip', '=', target.level - 1)
    .where('members.paysum', '>=', target.recharge)
    .where((eb) => eb(eb.fn.coalesce('member_vip.flow_total', eb.lit(0)), '>=', target.flow))
    .where('members.id', '>', pass.cursor)
    .orderBy('members.id')
    .limit(size)
    .execute();
  const ids = candidates.map((c) => Number(c.id));
  // who was once demoted from this level must bet its retention turnover again since then
  const demotedFrom = new Set(
    ids.length
      ? (
          await trx
            .selectFrom('vip_history')
            .select('member_id')
            .where('member_id', 'in', ids)
            .where('reason', '=', 'demotion')
            .where('from_level', '=', target.level)
            .execute()
        ).map((r) => Number(r.member_id))
      : [],
  );
  const climbing = candidates.filter((c) => !demotedFrom.has(Number(c.id)) || Number(c.period_flow ?? 0) >= target.retention).map((c) => Number(c.id));
  pass.promoted += await changeLevels(trx, climbing, day, target.level - 1, target.level, 'promotion', pass.at);
  if (candidates.length < size) Object.assign(pass, { step: pass.step + 1, cursor: 0 });
  else pass.cursor = ids[ids.length - 1];
  if (pass.step >= pass.levels.length) pass.done = true;
}

/**
 * The last Beijing day whose valid bets member_vip.flow_total counts: the newest rebate day whose
 * pass has finished (the daily rebate run is what adds a day's bets to the VIP flow), so the site
 * can date the figure instead of showing a bare 0.00 beside today's bets.
 */
async function flowCountedThrough(deps: PromotionsDeps): Promise<string | null> {
  const runs = await deps.db.selectFrom('promo_day_runs').select(['day', 'pass']).where('task', '=', 'rebate').orderBy('day', 'desc').limit(5).execute();
  return runs.find((r) => !passRunning(parsePass(r.pass)))?.day ?? null;
}

/** POST /api/vipprogress: where the member stands (spec section 9 formula) and what keeps the level. */
export async function vipProgress(deps: PromotionsDeps, memberId: number, now: number): Promise<VipProgress> {
  const [levels, settings, member, state, history, flowThrough] = await Promise.all([
    deps.vipLevels(),
    deps.settings(),
    deps.db.selectFrom('members').select(['vip', 'paysum']).where('id', '=', memberId).executeTakeFirstOrThrow(),
    deps.db.selectFrom('member_vip').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    deps.db.selectFrom('vip_history').selectAll().where('member_id', '=', memberId).orderBy('day', 'desc').limit(20).execute(),
    flowCountedThrough(deps),
  ]);
  const vip = Number(member.vip);
  const paysum = Number(member.paysum);
  const flow = Number(state?.flow_total ?? 0);
  const next = levels.find((l) => Number(l.level) === vip + 1);
  const current = levels.find((l) => Number(l.level) === vip);
  let retention: VipProgress['retention'] = null;
  // the starting level is never lost, so it has no retention to show
  if (vip > STARTING_VIP && current) {
    const start = Number(state?.period_start ?? now);
    const deadline = start + settings.vip_retention_days * DAY_MS;
    retention = {
      level: vip,
      required: fenToYuan(retentionRequired(current, settings.vip_retention_percent)),
      done: fenToYuan(Number(state?.period_flow ?? 0)),
      deadline: toWireTime(deadline),
      days_left: Math.max(0, Math.ceil((deadline - now) / DAY_MS)),
    };
  }
  return {
    vip,
    paysum: fenToYuan(paysum),
    flow: fenToYuan(flow),
    flow_through: flowThrough,
    next: next
      ? {
          level: Number(next.level),
          name: next.name,
          recharge: fenToYuan(Number(next.recharge_fen)),
          flow: fenToYuan(Number(next.flow_fen)),
          percent: progressPercent(paysum, Number(next.recharge_fen)),
          flow_percent: progressPercent(flow, Number(next.flow_fen)),
        }
      : null,
    retention,
    history: history.map((h) => ({ day: h.day, from: Number(h.from_level), to: Number(h.to_level), reason: h.reason })),
  };
}
