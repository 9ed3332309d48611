import { adminSeamlessRoundsSchema, adminVenueModeSchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import type { createSeamlessAdmin } from './admin.ts';

/** the back-office's seamless calls (DESIGN.md section 11 style) */
export function seamlessAdminRoutes(app: FastifyInstance, admin: ReturnType<typeof createSeamlessAdmin>, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/venues/mode',
      permission: 'games.manage',
      schema: adminVenueModeSchema,
      handler: async (input, a, req) => {
        const r = await admin.setMode(input, { adminId: a.adminId, ip: req.ip });
        return ok({ platform: r.platform, mode: r.mode }, r.message);
      },
    }),
    adminRoute({ path: '/admin/api/seamless/rounds', permission: 'members.view', schema: adminSeamlessRoundsSchema, handler: async (input) => ok(await admin.rounds(input)) }),
  ]);
}
