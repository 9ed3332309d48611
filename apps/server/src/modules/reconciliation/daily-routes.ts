import { RECON_DAILY_MSG, reconDailySchema, reconDaysSchema, reconItemsSchema, reconRunSchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { DailyReconciliation } from './daily.ts';

/** The back-office's daily reconciliation (issue 13): a day's checks and run state, its differences, the days run, a re-run (asynchronous). */
export function dailyRoutes(app: FastifyInstance, daily: DailyReconciliation, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/reconciliation/daily',
      permission: 'reconciliation.view',
      schema: reconDailySchema,
      handler: async (input) => {
        const day = await daily.day(input.day);
        return day ? ok(day) : ok(null, RECON_DAILY_MSG.notComputed);
      },
    }),
    adminRoute({
      path: '/admin/api/reconciliation/daily-items',
      permission: 'reconciliation.view',
      schema: reconItemsSchema,
      handler: async (input) => ok(await daily.items(input)),
    }),
    adminRoute({
      path: '/admin/api/reconciliation/days',
      permission: 'reconciliation.view',
      schema: reconDaysSchema,
      handler: async (input) => ok(await daily.days(input.page, input.per_page)),
    }),
    adminRoute({
      path: '/admin/api/reconciliation/run',
      permission: 'reconciliation.resolve',
      schema: reconRunSchema,
      // answers at once: the day queued or running (computed in the background), or the run already under way
      handler: async (input, admin, req) => {
        const r = await daily.rerun(input.day, { adminId: admin.adminId, username: admin.username, ip: clientMeta(req).ip });
        return ok(r.day, r.accepted ? RECON_DAILY_MSG.rerun : RECON_DAILY_MSG.inProgress);
      },
    }),
  ]);
}
