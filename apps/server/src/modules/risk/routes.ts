import { memberLinksSchema, memberLoginsSchema, memberRiskLevelSchema, RISK_LEVEL_NAMES, riskSearchSchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { clientMeta } from '../../http/client-meta.ts';
import { ok } from '../../http/envelope.ts';
import type { RiskService } from './service.ts';

/** Operator calls of risk control (issue 36; DESIGN.md section 15). */
export function riskRoutes(app: FastifyInstance, risk: RiskService, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    // the sign-in log is member 360's 登录记录: the member-view permission it had
    adminRoute({ path: '/admin/api/members/logins', permission: 'members.view', schema: memberLoginsSchema, handler: async (i) => ok(await risk.logins(i.username, i.page, i.per_page)) }),
    adminRoute({ path: '/admin/api/members/links', permission: 'risk.view', schema: memberLinksSchema, handler: async (i) => ok(await risk.links(i.username)) }),
    adminRoute({ path: '/admin/api/risk/search', permission: 'risk.view', schema: riskSearchSchema, handler: async (i) => ok(await risk.search(i.kind, i.value)) }),
    adminRoute({ path: '/admin/api/members/risk-level', permission: 'risk.manage', schema: memberRiskLevelSchema, handler: async (i, admin, req) => {
      const r = await risk.setLevel(admin, i.username, i.level, i.reason, clientMeta(req));
      return ok(r, `风险等级已改为「${RISK_LEVEL_NAMES[r.level]}」`);
    } }),
  ]);
}
