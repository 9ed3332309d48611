import { adminBroadcastListSchema, adminInboxSendSchema, INBOX_ADMIN_MSG } from '@casino/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminRoute, registerAdminRoutes, type RequireAdmin } from '../../http/admin-routes.ts';
import { ok } from '../../http/envelope.ts';
import { createBroadcasts } from './broadcast.ts';

/** Operator calls of the inbox (issue 13): send to a member, a VIP level or everyone; the sends with progress. */
export function inboxAdminRoutes(app: FastifyInstance, ctx: AppContext, requireAdmin: RequireAdmin) {
  const broadcasts = createBroadcasts(ctx);
  registerAdminRoutes(app, requireAdmin, [
    adminRoute({
      path: '/admin/api/inbox/send',
      permission: 'content.manage',
      schema: adminInboxSendSchema,
      handler: async (input, admin, req) => {
        const row = await broadcasts.send(admin, input, { ip: req.ip });
        return ok(row, row.state === 'done' ? INBOX_ADMIN_MSG.sentOne : INBOX_ADMIN_MSG.queued);
      },
    }),
    adminRoute({
      path: '/admin/api/inbox/broadcasts',
      permission: 'content.manage',
      schema: adminBroadcastListSchema,
      handler: async (input) => ok(await broadcasts.list(input)),
    }),
  ]);
}
