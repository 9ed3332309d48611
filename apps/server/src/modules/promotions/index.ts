import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { memberAccountCode, wallet } from '../wallet/index.ts';
import { promotionsAdminRoutes } from './admin.ts';
import type { PromotionsDeps } from './deps.ts';
import { promotionJobs, rebateTick, vipTick } from './jobs.ts';
import { promotionsRoutes } from './routes.ts';
import { seedDemoRedPacketRules } from './seed.ts';

export { vipLevelsFromRows, type PromotionsDeps } from './deps.ts';
export { settleRebateDay } from './rebates.ts';
export { reviewVipDay } from './vip.ts';
export { dayKey, previousDay } from './days.ts';
export { activityApplicationsInState, memberRebatesPage, memberRedPacketsPage } from './desk.ts';

/**
 * Deposits credited to the member in [fromMs, toMs), read from the ledger's deposit entries into
 * the member's central wallet. Stands in until the payments module exports its own
 * depositsCreditedBetween (same signature); 22 hours of one member's deposits fit one page.
 */
export async function ledgerDepositsBetween(db: Kysely<DB>, memberId: number, fromMs: number, toMs: number): Promise<number> {
  const entries = await wallet.listEntries(db, { account: memberAccountCode(memberId, 'central'), kinds: ['deposit'], since: fromMs, until: toMs, limit: 10_000 });
  return entries.filter((e) => e.direction === 'in').reduce((a, e) => a + Number(e.amount), 0);
}

/**
 * The promotions clock: Date.now, or under the test-only PROMO_TEST_NOW (config refuses it in
 * production) a clock that starts at that moment and runs on in real time.
 */
export function promotionsClock(ctx: AppContext): () => number {
  const start = ctx.config.promoTestNow;
  if (start === undefined) return Date.now;
  const booted = Date.now();
  ctx.log.warn({ promoTestNow: new Date(start).toISOString() }, 'promotions run on a TEST clock (PROMO_TEST_NOW)');
  return () => start + (Date.now() - booted);
}

/** Rebates, red packets, VIP promotion and retention, activity applications (issue 11). */
export function createPromotions(ctx: AppContext, deps: Omit<PromotionsDeps, 'db' | 'now' | 'holder' | 'depositsCreditedBetween'> & Partial<Pick<PromotionsDeps, 'now' | 'depositsCreditedBetween'>>) {
  const full: PromotionsDeps = {
    ...deps,
    db: ctx.db,
    now: deps.now ?? promotionsClock(ctx),
    holder: `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 64),
    depositsCreditedBetween: deps.depositsCreditedBetween ?? ledgerDepositsBetween,
  };
  return {
    deps: full,
    // under the test clock (end-to-end tests) the daily jobs look every 10 s instead of 5 minutes
    jobs: promotionJobs(full, ctx.config.promoTestNow === undefined ? 300 : 10),
    /** first-start data: demo red-packet rules when the demo is seeded */
    seed: async () => {
      if (ctx.config.seedDemo) await seedDemoRedPacketRules(ctx.db);
    },
    /** one tick of each daily job at `now` (tests drive the days with their own clock) */
    rebateTick: (now: number) => rebateTick(full, now),
    vipTick: (now: number) => vipTick(full, now),
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => {
      promotionsRoutes(app, full, requireMember);
      promotionsAdminRoutes(app, full, requireAdmin);
    },
  };
}
export type Promotions = ReturnType<typeof createPromotions>;
