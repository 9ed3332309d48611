import { RECONCILIATION_MSG, reconciliationListSchema, reconciliationResolveSchema } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { clientMeta } from '../../http/client-meta.ts';
import type { Reconciliation } from './service.ts';

/** The back-office's view of the venue reconciliation (DESIGN.md section 11). */
export function reconciliationRoutes(app: FastifyInstance, service: Reconciliation, requireAdmin: RequireAdmin) {
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/reconciliation/list',
      permission: 'reconciliation.view',
      schema: reconciliationListSchema,
      handler: async (input) => ok(await service.list(input)),
    }),
    adminRoute({
      path: '/admin/api/reconciliation/resolve',
      permission: 'reconciliation.resolve',
      schema: reconciliationResolveSchema,
      handler: async (input, admin, req) => {
        await service.resolve(input.id, { adminId: admin.adminId, username: admin.username, ip: clientMeta(req).ip }, input.note);
        return ok(null, RECONCILIATION_MSG.resolved);
      },
    }),
  ]);
}
