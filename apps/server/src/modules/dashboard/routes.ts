import { dashboardSeriesSchema, dashboardSummarySchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import type { Dashboard } from './service.ts';

export function dashboardRoutes(app: FastifyInstance, service: Dashboard, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/dashboard/summary', permission: 'dashboard.view', schema: dashboardSummarySchema, handler: async () => ok(await service.summary()) }),
    adminRoute({ path: '/admin/api/dashboard/series', permission: 'dashboard.view', schema: dashboardSeriesSchema, handler: async (i) => ok(await service.series(i.days)) }),
  ]);
}
