import { ADMIN_MSG, adminAdjustSchema, adminLoginSchema, MSG } from '@casino/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { parse } from '../../http/validate.ts';
import type { BackofficeService } from './service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Back-office API under /admin/api: operator sessions only; member tokens answer 401. */
export function backofficeRoutes(app: FastifyInstance, service: BackofficeService, requireAdmin: (req: FastifyRequest) => Promise<void>) {
  app.post('/admin/api/login', async (req) => {
    const input = parse(adminLoginSchema, req.body);
    return ok({ token: await service.login(input.username, input.password, meta(req)) }, MSG.loginOk);
  });

  const guarded = { preHandler: requireAdmin };
  app.post('/admin/api/logout', guarded, async (req) => {
    await service.logout(adminOf(req).tokenHash);
    return ok(null, MSG.logoutOk);
  });
  app.post('/admin/api/me', guarded, async (req) => {
    const { adminId, username, role } = adminOf(req);
    return ok({ id: adminId, username, role });
  });
  app.post('/admin/api/members/adjust', guarded, async (req) => {
    const input = parse(adminAdjustSchema, req.body);
    return ok(await service.adjust(adminOf(req), input, meta(req)), ADMIN_MSG.adjustOk);
  });
}
