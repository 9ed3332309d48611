import {
  adminApplicationApproveSchema,
  adminApplicationRejectSchema,
  adminApplicationsListSchema,
  adminPageSchema,
  adminRedPacketRuleCreateSchema,
  adminRedPacketRuleDeleteSchema,
  adminRedPacketRuleUpdateSchema,
  PROMO_ADMIN_MSG,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { adminApplications, decideApplication } from './applications.ts';
import type { PromotionsDeps } from './deps.ts';
import { createRule, deleteRule, listRules, updateRule } from './red-packet-rules.ts';
import { rebateRuns } from './rebates.ts';

/** Operator calls of promotions (DESIGN.md section 11 naming), each with its permission slug. */
export function promotionsAdminRoutes(app: FastifyInstance, deps: PromotionsDeps, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/activity-applications/list',
      permission: 'promotions.view',
      schema: adminApplicationsListSchema,
      handler: async (input) => ok(await adminApplications(deps.db, input)),
    }),
    adminRoute({
      path: '/admin/api/activity-applications/approve',
      permission: 'promotions.manage',
      schema: adminApplicationApproveSchema,
      handler: async (input, admin, req) =>
        ok(
          await decideApplication(deps.db, { applyNo: input.apply_no, approve: true, bonus: input.bonus, multiple: input.turnover_multiple }, { adminId: admin.adminId, ip: req.ip }),
          PROMO_ADMIN_MSG.approved,
        ),
    }),
    adminRoute({
      path: '/admin/api/activity-applications/reject',
      permission: 'promotions.manage',
      schema: adminApplicationRejectSchema,
      handler: async (input, admin, req) =>
        ok(await decideApplication(deps.db, { applyNo: input.apply_no, approve: false, reason: input.reason }, { adminId: admin.adminId, ip: req.ip }), PROMO_ADMIN_MSG.rejected),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/list',
      permission: 'promotions.view',
      schema: adminPageSchema,
      handler: async (input) => ok(await listRules(deps.db, input.page)),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/create',
      permission: 'promotions.manage',
      schema: adminRedPacketRuleCreateSchema,
      handler: async (input, admin, req) => ok(await createRule(deps.db, input, { adminId: admin.adminId, ip: req.ip })),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/update',
      permission: 'promotions.manage',
      schema: adminRedPacketRuleUpdateSchema,
      handler: async (input, admin, req) => ok(await updateRule(deps.db, input.id, input, { adminId: admin.adminId, ip: req.ip })),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/delete',
      permission: 'promotions.manage',
      schema: adminRedPacketRuleDeleteSchema,
      handler: async (input, admin, req) => ok(await deleteRule(deps.db, input.id, { adminId: admin.adminId, ip: req.ip })),
    }),
    adminRoute({
      path: '/admin/api/rebates/runs',
      permission: 'promotions.view',
      schema: adminPageSchema,
      handler: async (input) => ok(await rebateRuns(deps.db, input.page)),
    }),
  ]);
}
