import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminGuard } from '../../http/auth.ts';
import { createSessions } from '../accounts/index.ts';
import { backofficeRoutes } from './routes.ts';
import { createBackofficeService } from './service.ts';

/** Operators: their sessions, the audit log and the calls of the back-office. */
export function createBackoffice(ctx: AppContext) {
  // operators are signed out sooner than members: 2 hours idle
  const sessions = createSessions(ctx.db, 'admin', Math.min(ctx.config.sessionIdleMinutes, 120));
  const service = createBackofficeService(ctx, sessions);
  const requireAdmin = adminGuard(service.lookup);
  return { service, routes: (app: FastifyInstance) => backofficeRoutes(app, service, requireAdmin) };
}
