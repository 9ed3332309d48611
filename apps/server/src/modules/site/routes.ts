import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.ts';
import type { SiteService } from './service.ts';

export function siteRoutes(app: FastifyInstance, site: SiteService) {
  app.post('/api/app', async () => ok(await site.appInfo()));
}
