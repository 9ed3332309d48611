import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService, type ProfileDeps } from './service.ts';

export type { AgentApplicationStatus, ProfileService } from './service.ts';
export { sniffAvatar } from './avatar.ts';
export { agentApplicationsInState } from './repo.ts';
export { agentApplicationsAdminRoutes } from './agent-applications-admin.ts'; // issue 13: promotions admin

/** The member's own account: profile, avatar, passwords, agent application (spec sections 2, 5, 7). */
export function createProfile(ctx: AppContext, deps: ProfileDeps) {
  const service = createProfileService(ctx, deps);
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) =>
      profileRoutes(app, service, requireMember, ctx.config.dataDir),
  };
}
