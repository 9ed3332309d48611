import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { SiteService } from '../site/index.ts';
import { contentRoutes, type ContentAgentHooks } from './routes.ts';
import { createContentService } from './service.ts';

export type { ActivityInput, ContentService } from './service.ts';
export type { ArticleInput } from './rows.ts';
export { sanitizeHtml, escapeHtml } from './sanitize.ts';
export { mediaPath } from './media.ts';
export { contentAdminRoutes } from './admin.ts'; // issue 13: content
export { vipLevelRepo, type VipLevelRecord } from './vip-levels.ts'; // issue 13: promotions admin
export { activitiesAdminRoutes } from './activities-admin.ts'; // issue 13: activities
export { ticketsAdminRoutes } from './tickets-admin.ts'; // issue 13: support tickets

/**
 * Site content: banners, announcements, promotions, articles, the VIP table, customer service
 * and sponsorship pages. saveArticle / saveActivity are the one way HTML content is stored
 * (cleaned by sanitize.ts); the seed and a back office both write through them.
 */
export function createContent(ctx: AppContext, site: SiteService) {
  const service = createContentService(ctx, site);
  return {
    service,
    saveArticle: service.saveArticle,
    saveActivity: service.saveActivity,
    routes: (app: FastifyInstance, agents?: ContentAgentHooks) => contentRoutes(app, ctx, service, site, agents),
  };
}
export type Content = ReturnType<typeof createContent>;
