import type { Job } from '../../jobs/scheduler.ts';
import { minutesIntoDay, previousDay } from './days.ts';
import type { PromotionsDeps } from './deps.ts';
import { settleRebateDay, type SettleReport } from './rebates.ts';
import { reviewVipDay, type VipReport } from './vip.ts';

/**
 * One tick of the daily rebate settlement at `now`: once the settle delay after Beijing
 * midnight has passed, the previous day is settled (a no-op when it already is). Ticks every
 * few minutes so a process that was down at midnight catches up when it comes back.
 */
export async function rebateTick(deps: PromotionsDeps, now: number): Promise<SettleReport | null> {
  const settings = await deps.settings();
  if (minutesIntoDay(now) < settings.rebate_settle_delay_minutes) return null;
  return settleRebateDay(deps, previousDay(now), now);
}

/**
 * One tick of the VIP review at `now`: reviews the previous day once that day's rebate
 * settlement has committed (its flow counts toward promotion), so levels change shortly after
 * Beijing midnight and before the next one.
 */
export async function vipTick(deps: PromotionsDeps, now: number): Promise<VipReport | null> {
  const day = previousDay(now);
  const settled = await deps.db.selectFrom('promo_day_runs').select('day').where('task', '=', 'rebate').where('day', '=', day).executeTakeFirst();
  if (!settled) return null;
  return reviewVipDay(deps, day, now);
}

/** The scheduler's entries (a claim row per slot; the day-run rows make each day once). */
export function promotionJobs(deps: PromotionsDeps, everySeconds = 300): Job[] {
  return [
    { name: 'rebate_settle', everySeconds, leaseMs: 30 * 60_000, run: async () => void (await rebateTick(deps, deps.now())) },
    { name: 'vip_review', everySeconds, leaseMs: 30 * 60_000, run: async () => void (await vipTick(deps, deps.now())) },
  ];
}
