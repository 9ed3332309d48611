import { ADMIN_MSG, adminAdjustSchema, MSG, operatorLoginSchema } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { Captcha } from '../accounts/index.ts';
import type { BackofficeService } from './service.ts';


/** Back-office API under /admin/api: operator sessions only; member tokens answer 401. */
export function backofficeRoutes(
  app: FastifyInstance,
  service: BackofficeService,
  requireAdmin: RequireAdmin,
  captcha: Captcha,
  captchaLimit: { hit(key: string): Promise<void> },
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
      handler: async (input, admin, req) => ok(await service.adjust(admin, input, clientMeta(req)), ADMIN_MSG.adjustOk),
    }),
  ]);
}
