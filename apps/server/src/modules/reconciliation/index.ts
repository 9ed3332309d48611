import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { reconciliationRoutes } from './routes.ts';
import { createReconciliation, type ReconciliationDeps } from './service.ts';
import { createDailyReconciliation, DAY_LEASE_MS, type DailyDeps } from './daily.ts';
import { dailyRoutes } from './daily-routes.ts';
import { createSeamlessCheck } from './daily-seamless.ts';

export type { Reconciliation, RunReport } from './service.ts';
export type { DailyReconciliation } from './daily.ts';
/** differences in a state (the dashboard counts the open ones) */
export { countByState as differencesInState } from './repo.ts';

/**
 * Venue reconciliation: venue balances against our transfers and the bet feed; differences for
 * the back-office, and transfers out of a venue held while its difference is open.
 */
export function createReconciliationModule(ctx: AppContext, deps: ReconciliationDeps & Pick<DailyDeps, 'gatewayOrder'>) {
  const service = createReconciliation(ctx, deps);
  // issue 13: the daily report (ledger against deposits, withdrawals, transfers, venues, gateway)
  const daily = createDailyReconciliation(ctx, { venues: service, pullBets: deps.pullBets, gatewayOrder: deps.gatewayOrder, seamless: createSeamlessCheck(ctx, deps) /* issue 38 */ });
  const jobs: Job[] = [
    // members active since the last run, and a batch of the day's sweep of everyone
    { name: 'reconcile_venues', everySeconds: 60, leaseMs: 10 * 60_000, run: async () => void (await service.run(Date.now())) },
    // yesterday's daily report, once (a stored day is skipped), or a day whose run a stopped process left behind;
    // the job's lease is the day's own (a day's run holds the day as long as the job holds its slot)
    { name: 'reconcile_daily', everySeconds: 600, leaseMs: DAY_LEASE_MS, run: async () => void (await daily.runDue(Date.now())) },
  ];
  return {
    service,
    daily,
    jobs,
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => {
      reconciliationRoutes(app, service, requireAdmin);
      dailyRoutes(app, daily, requireAdmin);
    },
  };
}
