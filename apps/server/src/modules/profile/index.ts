import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Sessions } from '../accounts/index.ts';
import { profileRoutes } from './routes.ts';
import { createProfileService } from './service.ts';

export type { AgentApplicationStatus, ProfileService } from './service.ts';
export { sniffAvatar } from './avatar.ts';

/** The member's own account: profile, avatar, passwords, agent application (spec sections 2, 5, 7). */
export function createProfile(ctx: AppContext, deps: { sessions: Sessions }) {
  const service = createProfileService(ctx, deps);
  return {
    service,
    routes: (app: FastifyInstance, requireMember: (req: FastifyRequest) => Promise<void>) =>
      profileRoutes(app, service, requireMember, ctx.config.dataDir),
  };
}
