import { ADJUSTMENT_MSG, adjustmentApproveSchema, adjustmentListSchema, adjustmentRejectSchema, adminAdjustSchema, MSG, operatorLoginSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { Captcha } from '../accounts/index.ts';
import type { Adjustments } from './adjustments.ts';
import type { BackofficeService } from './service.ts';


/** Back-office API under /admin/api: operator sessions only; member tokens answer 401. */
export function backofficeRoutes(
  app: FastifyInstance,
  service: BackofficeService,
  requireAdmin: RequireAdmin,
  captcha: Captcha,
  captchaLimit: { hit(key: string): Promise<void> },
  adjustments: Adjustments,
) {
  // the only call without a session
  app.post('/admin/api/login', async (req) => {
    const input = parse(operatorLoginSchema, req.body);
    return ok(await service.login(input, clientMeta(req)), MSG.loginOk);
  });
  // the login form's captcha image (issued and checked by the server, like the member site's)
  app.post('/admin/api/captcha', async (req) => {
    await captchaLimit.hit(req.ip);
    return ok(await captcha.issue());
  });

  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/logout',
      permission: null,
      handler: async (_input, admin) => {
        await service.logout(admin.tokenHash);
        return ok(null, MSG.logoutOk);
      },
    }),
    // /admin/api/me lives with the operator's own account calls (operators-routes.ts)
    adminRoute({
      path: '/admin/api/members/adjust',
      permission: 'members.adjust',
      schema: adminAdjustSchema,
      // issue 33: posted at once, or waiting for a second operator (the reply says which, with its number)
      handler: async (input, admin, req) => {
        const r = await adjustments.request(admin, input, clientMeta(req));
        return ok(r.reply, r.message);
      },
    }),
    adminRoute({ path: '/admin/api/adjustments/list', permission: 'members.view', schema: adjustmentListSchema, handler: async (i) => ok(await adjustments.list(i)) }),
    adminRoute({
      path: '/admin/api/adjustments/approve',
      permission: 'members.adjust',
      schema: adjustmentApproveSchema,
      handler: async (i, admin, req) => ok(await adjustments.approve(admin, i.adjustment_no, clientMeta(req)), ADJUSTMENT_MSG.approved),
    }),
    adminRoute({
      path: '/admin/api/adjustments/reject',
      permission: 'members.adjust',
      schema: adjustmentRejectSchema,
      handler: async (i, admin, req) => ok(await adjustments.reject(admin, i.adjustment_no, i.reason, clientMeta(req)), ADJUSTMENT_MSG.rejected),
    }),
  ]);
}
