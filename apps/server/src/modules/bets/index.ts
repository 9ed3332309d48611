import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { VenueRegistry } from '../../adapters/venues/index.ts';
import type { Job } from '../../jobs/scheduler.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { Catalogue } from '../catalogue/index.ts';
import { createBetPuller } from './pull.ts';
import { createBetRecords } from './records.ts';
import { betsRoutes } from './routes.ts';
import { betSearchRoutes } from './search-routes.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';

export type { PullReport } from './pull.ts';
/** the back-office's read: a member's bets page by page */
export { memberDeskPage as memberBetsPage } from './repo.ts';
/** issue 22: the member's own bets in a window (CSV export) */
export { memberBetsBetween } from './repo.ts';
/** issue 38: a seamless round's bet row, written by the seamless wallet in its transaction */
export { putSeamlessBet } from './seamless-bets.ts';

/** Bet records pulled from the venues, the member's bet record list and outstanding turnover. */
export function createBets(ctx: AppContext, deps: { registry: VenueRegistry; catalogue: Catalogue; accounts: AccountsService }) {
  const pull = createBetPuller(ctx, deps.registry, deps.catalogue);
  const records = createBetRecords(ctx, deps.catalogue);
  const jobs: Job[] = [{ name: 'pull_bets', everySeconds: 15, leaseMs: 2 * 60_000, run: async () => void (await pull()) }];
  return {
    pull,
    records,
    jobs,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => betsRoutes(app, records, deps.accounts, requireMember),
    /** issue 36: 注单查询, /admin/api/bets/list|get|export (risk.view) */
    adminRoutes: (app: FastifyInstance, requireAdmin: RequireAdmin) => betSearchRoutes(app, ctx, requireAdmin),
  };
}
