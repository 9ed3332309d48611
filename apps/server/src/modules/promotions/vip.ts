import { fenToYuan, type VipProgress } from '@casino/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toWireTime } from '../../lib/time.ts';
import { dayBounds } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import type { VipLevel } from './rates.ts';
import { settleRebateDay } from './rebates.ts';

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
 * One level change, recorded first: the (member, day) history row is unique, so a member moves
 * at most one level per reviewed day whatever reruns; the level moves only from `from`.
 */
async function changeLevel(trx: Kysely<DB>, memberId: number, day: string, from: number, to: number, reason: 'promotion' | 'demotion', now: number): Promise<boolean> {
  const logged = await trx
    .insertInto('vip_history')
    .values({ member_id: memberId, day, from_level: from, to_level: to, reason, created_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!logged) return false;
  // members.vip is the level accounts shows in userInfo (vip, current_vip); only this job moves it
  const moved = await trx.updateTable('members').set({ vip: to }).where('id', '=', memberId).where('vip', '=', from).executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) {
    await trx.deleteFrom('vip_history').where('id', '=', logged.id).execute();
    return false;
  }
  // a new level starts a new retention period
  await trx
    .insertInto('member_vip')
    .values({ member_id: memberId, flow_total: 0, period_flow: 0, period_start: now, last_change_day: day, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ period_flow: 0, period_start: now, last_change_day: day, updated_at: now }))
    .execute();
  return true;
}

/**
 * The VIP review of one Beijing day, run at the following midnight (after that day's rebate
 * settlement, which adds its valid bets to the members' flow). First retention: a member whose
 * retention period (vip_retention_days from reaching the level) is over has kept the level if
 * the period's valid bets reach vip_retention_percent of the level's flow, and starts a new
 * period; otherwise drops one level. Then promotion: one level, to the next only, when the
 * cumulative deposit (paysum) and flow reach that level's thresholds; a level the member was
 * demoted from also asks its retention turnover again since the demotion. Once per day: the
 * run row commits with the changes.
 */
export async function reviewVipDay(deps: PromotionsDeps, day: string, now: number): Promise<VipReport> {
  await settleRebateDay(deps, day, now);
  const [levels, settings] = await Promise.all([deps.vipLevels(), deps.settings()]);
  const byLevel = new Map(levels.map((l) => [Number(l.level), l]));
  const periodMs = settings.vip_retention_days * DAY_MS;
  // "now" for the review is the end of the reviewed day (the job may run later than midnight)
  const at = Math.min(now, dayBounds(day).end);
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('promo_day_runs')
      .values({ task: 'vip', day, holder: deps.holder, created_at: now })
      .onConflict((oc) => oc.columns(['task', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!claimed) return { day, reviewed: false, promoted: 0, demoted: 0, retained: 0 };
    let promoted = 0;
    let demoted = 0;
    let retained = 0;

    // retention: periods that ended by the end of the reviewed day
    const due = await trx
      .selectFrom('member_vip')
      .innerJoin('members', 'members.id', 'member_vip.member_id')
      .select(['members.id', 'members.vip', 'member_vip.period_flow', 'member_vip.period_start'])
      .where('member_vip.period_start', '<=', at - periodMs)
      .where('members.vip', '>=', 1)
      .execute();
    const demotedIds = new Set<number>();
    for (const m of due) {
      const vip = Number(m.vip);
      const required = retentionRequired(byLevel.get(vip), settings.vip_retention_percent);
      if (Number(m.period_flow) >= required) {
        await trx.updateTable('member_vip').set({ period_flow: 0, period_start: at, updated_at: now }).where('member_id', '=', Number(m.id)).execute();
        retained++;
      } else if (await changeLevel(trx, Number(m.id), day, vip, vip - 1, 'demotion', at)) {
        demotedIds.add(Number(m.id));
        demoted++;
      }
    }

    // promotion, highest level first so that nobody climbs twice in one review
    const sorted = [...levels].sort((a, b) => Number(b.level) - Number(a.level));
    for (const target of sorted) {
      const to = Number(target.level);
      const candidates = await trx
        .selectFrom('members')
        .leftJoin('member_vip', 'member_vip.member_id', 'members.id')
        .select(['members.id', 'member_vip.flow_total', 'member_vip.period_flow'])
        .where('members.vip', '=', to - 1)
        .where('members.paysum', '>=', Number(target.recharge_fen))
        .execute();
      for (const c of candidates) {
        const id = Number(c.id);
        if (demotedIds.has(id)) continue;
        if (Number(c.flow_total ?? 0) < Number(target.flow_fen)) continue;
        const wasDemoted = await trx
          .selectFrom('vip_history')
          .select('id')
          .where('member_id', '=', id)
          .where('reason', '=', 'demotion')
          .where('from_level', '=', to)
          .executeTakeFirst();
        if (wasDemoted && Number(c.period_flow ?? 0) < retentionRequired(target, settings.vip_retention_percent)) continue;
        if (await changeLevel(trx, id, day, to - 1, to, 'promotion', at)) promoted++;
      }
    }
    await trx
      .updateTable('promo_day_runs')
      .set({ members: promoted + demoted + retained, rows: promoted, amount: 0 })
      .where('task', '=', 'vip')
      .where('day', '=', day)
      .execute();
    return { day, reviewed: true, promoted, demoted, retained };
  });
}

/** POST /api/vipprogress: where the member stands (spec section 9 formula) and what keeps the level. */
export async function vipProgress(deps: PromotionsDeps, memberId: number, now: number): Promise<VipProgress> {
  const [levels, settings, member, state, history] = await Promise.all([
    deps.vipLevels(),
    deps.settings(),
    deps.db.selectFrom('members').select(['vip', 'paysum']).where('id', '=', memberId).executeTakeFirstOrThrow(),
    deps.db.selectFrom('member_vip').selectAll().where('member_id', '=', memberId).executeTakeFirst(),
    deps.db.selectFrom('vip_history').selectAll().where('member_id', '=', memberId).orderBy('day', 'desc').limit(20).execute(),
  ]);
  const vip = Number(member.vip);
  const paysum = Number(member.paysum);
  const flow = Number(state?.flow_total ?? 0);
  const next = levels.find((l) => Number(l.level) === vip + 1);
  const current = levels.find((l) => Number(l.level) === vip);
  let retention: VipProgress['retention'] = null;
  if (vip >= 1 && current) {
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
