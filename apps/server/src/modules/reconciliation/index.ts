import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { reconciliationRoutes } from './routes.ts';
import { createReconciliation, type ReconciliationDeps } from './service.ts';

export type { Reconciliation, RunReport } from './service.ts';
/** differences in a state (the dashboard counts the open ones) */
export { countByState as differencesInState } from './repo.ts';

/**
 * Venue reconciliation: venue balances against our transfers and the bet feed; differences for
 * the back-office, and transfers out of a venue held while its difference is open.
 */
export function createReconciliationModule(ctx: AppContext, deps: ReconciliationDeps) {
  const service = createReconciliation(ctx, deps);
  const jobs: Job[] = [
    // members active since the last run, and a batch of the day's sweep of everyone
    { name: 'reconcile_venues', everySeconds: 60, leaseMs: 10 * 60_000, run: async () => void (await service.run(Date.now())) },
  ];
  return {
    service,
    jobs,
    routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => reconciliationRoutes(app, service, requireAdmin),
  };
}
