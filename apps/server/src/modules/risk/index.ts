import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { riskRoutes } from './routes.ts';
import { riskEventRoutes } from './events-routes.ts';
import { riskJobs } from './rules-job.ts';
import { createRiskService } from './service.ts';

/**
 * Risk control (风控, issue 36, DESIGN.md section 15): the sign-in log, links between members,
 * search by a shared value, and risk levels. Other modules enforce the levels through
 * riskLevelOf / refuseIfNoPromo / noPromoAmong (they read the members row, nothing else).
 */
export { asRiskLevel, blocksPromotions, noPromoAmong, recordPromoSkips, refuseIfNoPromo, riskLevelHistory, riskLevelOf, withdrawalsNeedReview } from './levels.ts';
export { addressFilter, type AddressFilter } from './addresses.ts';
export { linkCount, linkCounts, maskValue, memberLinks, sharedBetween, type RawHit } from './links.ts';
export type { RiskService } from './service.ts';
// issue 36 point 3: risk events (the bell, the dashboard, the withdrawal review count the open ones)
export { openEventCount, openEventsOf } from './events.ts';
export { rulesMemory, runRiskRules, type RulesMemory, type RunSummary } from './rules-job.ts';

export function createRiskModule(ctx: AppContext) {
  const service = createRiskService(ctx);
  return {
    service,
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => {
      riskRoutes(app, service, requireAdmin);
      riskEventRoutes(app, ctx.db, requireAdmin); // issue 36 point 3: events and rules
    },
    /** issue 36 point 3: the rules job over rows written since its watermarks */
    jobs: riskJobs(ctx.db, service.filter),
  };
}
