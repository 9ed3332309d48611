import { turnoverWaiveSchema, turnoverWaiverApproveSchema, turnoverWaiverListSchema, turnoverWaiverRejectSchema, TURNOVER_WAIVE_MSG } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { TurnoverWaivers } from './turnover-waivers.ts';

/** Turnover waivers (issue 25): the request, the review queue and the second operator's decision. */
export function turnoverWaiverRoutes(app: FastifyInstance, waivers: TurnoverWaivers, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({ path: '/admin/api/members/turnover-waive', permission: 'members.turnover_waive', schema: turnoverWaiveSchema, handler: async (i, admin, req) => {
      const r = await waivers.request(admin, i, clientMeta(req));
      return ok(r.reply, r.message);
    } }),
    adminRoute({ path: '/admin/api/turnover-waivers/list', permission: 'members.view', schema: turnoverWaiverListSchema, handler: async (i) => ok(await waivers.list(i)) }),
    adminRoute({ path: '/admin/api/turnover-waivers/approve', permission: 'members.turnover_waive', schema: turnoverWaiverApproveSchema, handler: async (i, admin, req) => {
      const r = await waivers.approve(admin, i.waiver_no, clientMeta(req));
      return ok(r.reply, r.message);
    } }),
    adminRoute({ path: '/admin/api/turnover-waivers/reject', permission: 'members.turnover_waive', schema: turnoverWaiverRejectSchema, handler: async (i, admin, req) =>
      ok(await waivers.reject(admin, i.waiver_no, i.reason, clientMeta(req)), TURNOVER_WAIVE_MSG.rejected) }),
  ]);
}
