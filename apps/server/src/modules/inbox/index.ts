import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { RequireAdmin } from '../../http/admin-routes.ts';
import { inboxAdminRoutes } from './admin.ts';
import { broadcastJobs } from './broadcast.ts';
import { inboxRoutes } from './routes.ts';
import { createInboxService, type SendOptions } from './service.ts';

export type { InboxService, SendOptions } from './service.ts';
export { broadcastKey, deliverBatch, deliverPending } from './broadcast.ts';

/** The members' inbox (站内信) of /message tab 2. */
export function createInbox(ctx: AppContext) {
  const service = createInboxService(ctx);
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) => inboxRoutes(app, service, requireMember),
    /** issue 13: the operators' sends (to one member, a VIP level, everyone) and their progress */
    adminRoutes: (app: FastifyInstance, requireAdmin: RequireAdmin) => inboxAdminRoutes(app, ctx, requireAdmin),
    /** issue 13: delivers broadcasts in batches */
    jobs: broadcastJobs(),
  };
}

/** Send without the module instance (the seed): same rules as the module's sendToMember. */
export function sendToMember(ctx: AppContext, memberId: number, title: string, content: string, opts?: SendOptions): Promise<number | null> {
  return createInboxService(ctx).sendToMember(memberId, title, content, opts);
}
