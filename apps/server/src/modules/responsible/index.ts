import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { responsibleRoutes } from './routes.ts';
import { createResponsibleService, type ResponsibleDeps } from './service.ts';

export type { ResponsibleService } from './service.ts';
export { periodBounds, breakEndOf } from './service.ts';
/** issue 33: a deposit approval's headroom under the member's limits, taken under the member's lock, and the break in force */
export { depositHeadroom, type DepositHeadroom } from './service.ts';
/** issue 38: loss limits in force and the loss so far (the seamless wallet checks each bet) */
export { lossLimitsNow } from './service.ts';
export { breakEnd, lockMember as lockMemberDeposits } from './repo.ts';
/** member ids on a break at a moment: promotional broadcasts leave them out (inbox module) */
export { onBreakIds } from './repo.ts';

/**
 * Responsible play (issue 22): limits, reality check, time-out and self-exclusion. Other modules
 * ask it before money or play moves: payments (withinDepositLimit), transfers and games
 * (refuseIntoPlay), promotions (refuseOnBreak), inbox broadcasts (onBreakIds).
 */
export function createResponsible(ctx: AppContext, deps: ResponsibleDeps) {
  const service = createResponsibleService(ctx, deps);
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>, requireAdmin: RequireAdmin) => responsibleRoutes(app, service, requireMember, requireAdmin),
  };
}
export type Responsible = ReturnType<typeof createResponsible>;
