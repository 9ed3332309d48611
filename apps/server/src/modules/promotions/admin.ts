import {
  adminApplicationApproveSchema,
  adminApplicationRejectSchema,
  adminApplicationsListSchema,
  adminPageSchema,
  adminRedPacketRuleCreateSchema,
  adminRedPacketRuleDeleteSchema,
  adminRedPacketPreviewSchema,
  adminRedPacketRuleUpdateSchema,
  adminRebateRerunSchema,
  formatYuan,
  yuanToFen,
  PROMO_ADMIN_MSG,
  RED_PACKET_RULE_MSG,
  REBATE_RUN_MSG,
} from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { adminApplications, decideApplication } from './applications.ts';
import type { PromotionsDeps } from './deps.ts';
import { createRule, deleteRule, listRules, updateRule } from './red-packet-rules.ts';
import { previewRule } from './red-packet-preview.ts';
import { rebateRuns, rerunRebateDay } from './rebates.ts';
import { vipAdminRoutes } from './vip-admin.ts';

/** Operator calls of promotions (DESIGN.md section 11 naming), each with its permission slug. */
export function promotionsAdminRoutes(app: FastifyInstance, deps: PromotionsDeps, requireAdmin: RequireAdmin) {
  type Decided = Awaited<ReturnType<typeof decideApplication>>;
  const publicView = ({ memberId: _memberId, ...rest }: Decided) => rest;
  // after the decision committed: the inbox is told once per application (the dedupe key), a
  // failed message never undoes the decision
  const tell = async (r: Decided, title: string, content: string) => {
    if (r.replayed || !deps.notify) return;
    await deps.notify(r.memberId, title, content, `activity:${r.apply_no}`).catch(() => undefined);
  };
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
      handler: async (input, admin, req) => {
        // a bonus is a sum the operator types: the manual-adjustment rules hold (a second operator above the threshold or past the daily cap)
        const s = await deps.settings();
        const rules = { thresholdFen: yuanToFen(s.adjust_second_approval_over) ?? 0, capFen: yuanToFen(s.adjust_daily_immediate_max) ?? 0 };
        const r = await decideApplication(deps.db, { applyNo: input.apply_no, approve: true, bonus: input.bonus, multiple: input.turnover_multiple }, { adminId: admin.adminId, ip: req.ip }, Date.now(), rules);
        if (r.first) return ok(publicView(r), PROMO_ADMIN_MSG.approvedFirst);
        const bonusText = r.bonus > 0 ? `，活动彩金 ${formatYuan(r.bonus, true)} 元已存入中心钱包` : '';
        await tell(r, '活动申请已通过', `您申请的活动「${r.activity_name}」已审核通过${bonusText}。`);
        return ok(publicView(r), PROMO_ADMIN_MSG.approved);
      },
    }),
    adminRoute({
      path: '/admin/api/activity-applications/reject',
      permission: 'promotions.manage',
      schema: adminApplicationRejectSchema,
      handler: async (input, admin, req) => {
        const r = await decideApplication(deps.db, { applyNo: input.apply_no, approve: false, reason: input.reason }, { adminId: admin.adminId, ip: req.ip });
        await tell(r, '活动申请未通过', `您申请的活动「${r.activity_name}」未通过审核，原因：${r.reason}。如有疑问请联系在线客服。`);
        return ok(publicView(r), PROMO_ADMIN_MSG.rejected);
      },
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
      handler: async (input, admin, req) => ok(await createRule(deps.db, input, { adminId: admin.adminId, ip: req.ip }), RED_PACKET_RULE_MSG.created),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/update',
      permission: 'promotions.manage',
      schema: adminRedPacketRuleUpdateSchema,
      handler: async (input, admin, req) => ok(await updateRule(deps.db, input.id, input, { adminId: admin.adminId, ip: req.ip }), RED_PACKET_RULE_MSG.saved),
    }),
    adminRoute({
      path: '/admin/api/red-packet-rules/delete',
      permission: 'promotions.manage',
      schema: adminRedPacketRuleDeleteSchema,
      handler: async (input, admin, req) => ok(await deleteRule(deps.db, input.id, { adminId: admin.adminId, ip: req.ip }), RED_PACKET_RULE_MSG.deleted),
    }),
    adminRoute({
      path: '/admin/api/rebates/runs',
      permission: 'promotions.view',
      schema: adminPageSchema,
      handler: async (input) => ok(await rebateRuns(deps.db, input.page)),
    }),
    // issue 13: who would qualify for a rule today; re-running a day's rebate settlement
    adminRoute({
      path: '/admin/api/red-packet-rules/preview',
      permission: 'promotions.view',
      schema: adminRedPacketPreviewSchema,
      handler: async (input) => ok(await previewRule(deps, input.id, input.page)),
    }),
    adminRoute({
      path: '/admin/api/rebates/rerun',
      permission: 'promotions.manage',
      schema: adminRebateRerunSchema,
      handler: async (input, admin, req) => ok(await rerunRebateDay(deps, input.day, { adminId: admin.adminId, ip: req.ip }, deps.now()), REBATE_RUN_MSG.done),
    }),
  ]);
  vipAdminRoutes(app, deps, requireAdmin);
}
