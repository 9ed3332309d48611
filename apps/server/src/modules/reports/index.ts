import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import type { Job } from '../../jobs/scheduler.ts';
import { reportsRoutes } from './routes.ts';
import { createReportsService } from './service.ts';

export type { ReportsService } from './service.ts';
export { guardCell } from './csv.ts';
// issue 24: the dashboard reads closed days from the rollups
export { betsByDay as rolledUpBetsByDay, moneyByDay as rolledUpMoneyByDay, ledgerClosedBefore } from './repo.ts';

/**
 * Reports (issue 13): daily, monthly, venues, members and agents over rollup tables kept by the
 * `report_rollup` job, and their CSV files streamed through single-use download links.
 */
export function createReports(ctx: AppContext) {
  const service = createReportsService(ctx);
  const jobs: Job[] = [{ name: 'report_rollup', everySeconds: 15, leaseMs: 10 * 60_000, run: async () => void (await service.rollup()) }];
  return { service, jobs, routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => reportsRoutes(app, ctx, service, requireAdmin) };
}
// issue 36: 注单查询's CSV uses the same single-use download links
export { saveDownload, takeDownload, activeAdminPermissions } from './repo.ts';
