import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { dashboardRoutes } from './routes.ts';
import { createDashboard } from './service.ts';

export type { Dashboard } from './service.ts';

/** The back-office dashboard (issue 12): /admin/api/dashboard/summary and /series. */
export function createDashboardModule(ctx: AppContext) {
  const service = createDashboard(ctx);
  return { service, routes: (app: FastifyInstance, requireAdmin: RequireAdmin) => dashboardRoutes(app, service, requireAdmin) };
}
